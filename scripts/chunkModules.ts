import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/chunk-modules.json: every emitted chunk and the source modules inside it, so the size
 * report can prove that zxcvbn, Sentry and fuse.js stay out of the first load (by module, not by guessing
 * from minified text).
 */
export function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      const sizes: Record<string, Record<string, number>> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        map[fileName] = Object.keys(output.modules);
        sizes[fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(map, null, 1),
      });
      // Rendered (minified, before gzip) bytes per module: what `npm run size -- --why` breaks a chunk down by.
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-module-sizes.json',
        source: JSON.stringify(sizes),
      });
    },
  };
}
