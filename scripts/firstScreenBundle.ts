import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the server bundle goes: beside dist/, never inside it (dist/ is served as it is). */
export const FIRST_SCREEN_OUT_DIR = 'dist-ssr';

/**
 * After the browser's production build, builds routes/firstScreen.tsx for Node (dist-ssr/firstScreen.js) from the
 * same sources and settings, so the reference server draws public pages' first screens with the exact code the
 * browser then hydrates (server/sitePage.ts). Not for the fake build, which has no server.
 */
export function firstScreenBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'first-screen-bundle',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.mode === 'fake') return;
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: 'routes/firstScreen.tsx',
          outDir: FIRST_SCREEN_OUT_DIR,
          emptyOutDir: true,
          sourcemap: false,
          rolldownOptions: { output: { entryFileNames: 'firstScreen.js' } },
        },
      });
    },
  };
}
