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
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') map[fileName] = Object.keys(output.modules);
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
