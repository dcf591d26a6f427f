import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FLOWS_MARKER } from './api/contract/sitePaths.ts';
import { chunkModules } from './scripts/chunkModules.ts';
import { firstScreenBundle } from './scripts/firstScreenBundle.ts';
import { keepPreviousAssets } from './scripts/keepPreviousAssets.ts';
import { precompress } from './scripts/precompress.ts';

/**
 * The flow explorer (/flows) is for development, the fake-service build and demo mode (`npm start` without
 * NODE_ENV=production sets SITE_FLOWS=1, scripts/start.mjs); a production build has none of it (not even a chunk).
 */
export function flowExplorerIn(command: 'build' | 'serve', mode: string, env = process.env): boolean {
  return command === 'serve' || mode === 'fake' || env.SITE_FLOWS === '1';
}

/**
 * A build without the explorer loads an empty routes/flowsRoutes.tsx, so neither its routes nor its lazy chunk
 * are in the module graph at all (a dead `import()` would still be emitted as a chunk). A build with it says so
 * in a file beside index.html: the server then answers /flows with 200 (server/site.ts).
 */
const flowExplorer = (included: boolean): Plugin => ({
  name: 'flow-explorer',
  enforce: 'pre',
  load(id) {
    if (!included && /[\\/]routes[\\/]flowsRoutes\.tsx$/.test(id))
      return 'export const flowsRoutes = () => [];\n';
    return undefined;
  },
  generateBundle() {
    if (included && this.environment.config.command === 'build')
      this.emitFile({
        type: 'asset',
        fileName: FLOWS_MARKER,
        source: 'This build has the flow explorer (/flows).\n',
      });
  },
});

/** The release a build is: the package's version and the commit ('0.1.0 (5b0329c)'); /flows stamps downloads with it. */
function release(): string {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return `${version} (${commit})`;
  } catch {
    return version;
  }
}

// In development the site lives under /root and the API under the organisation path (spec 2, docs/decisions/conventions.md: Development mapping);
// the production build is served at / by the reference server.
export default defineConfig(({ command, mode }) => ({
  define: {
    'import.meta.env.FLOWS': JSON.stringify(flowExplorerIn(command, mode)),
    // Only the flow explorer reads it: a production build has no module that does.
    'import.meta.env.RELEASE': JSON.stringify(flowExplorerIn(command, mode) ? release() : ''),
  },
  base: command === 'build' && mode !== 'fake' ? '/' : '/root/',
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    chunkModules(),
    precompress(),
    flowExplorer(flowExplorerIn(command, mode)),
    firstScreenBundle(),
    // A page loaded before a deploy still finds its lazy chunks after it (scripts/keepPreviousAssets.ts).
    keepPreviousAssets(mode === 'fake' ? 'dist-fake' : 'dist'),
  ],
  server: {
    port: 5173,
    proxy: {
      '/organisation': {
        // The reference server listens on 127.0.0.1 in demo mode and answers only its own hosts
        // (server/http/hostCheck.ts): the proxy sends the target's host, not the dev server's.
        target: process.env.API_TARGET ?? 'http://127.0.0.1:3000',
        changeOrigin: true,
        rewrite: (p) => p.replace(/^\/organisation/, ''),
      },
    },
  },
  // The MSW worker of the development fake service (api/fake) is served only in fake mode, never in production.
  publicDir: mode === 'fake' ? 'api/fake/public' : 'public',
  // The strength bar's worker (ui/components/strengthWorker.ts) is a module worker, so its dictionaries are chunks
  // of their own, fetched per language when it builds its scorer: an English page never fetches the German list.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    // Maps are written for an error tracker but not linked from the bundles; production does not serve them.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 2000,
    // One stylesheet for the whole site (~8 KB compressed): the server draws the first screen of lazy pages too
    // (routes/firstScreen.tsx), which must paint styled before their chunk loads, and one request beats five.
    cssCodeSplit: false,
    // Every browser the site supports has module preload; the polyfill would only add to the first load.
    modulePreload: { polyfill: false },
    // Reading a property has no side effects in our code (no getters with effects), so schemas built from other
    // schemas' `.entries` can be dropped when unused: the first load of /login stays within its budget.
    rolldownOptions: {
      treeshake: { propertyReadSideEffects: false },
      // Without this, every module a lazy screen shares with the entry (xstate, valibot, the contract...) becomes a
      // chunk of its own, and gzip over many small chunks costs ~6 KB of the /login budget. One chunk holds the
      // runtime every page needs; lazy screens keep only their own code. Sentry and MSW stay lazy; zxcvbn is only in the strength
      // worker's files (worker below).
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              // api/organisationBrand.ts too stays with the lazy pages that ask for an organisation's branding.
              // The few site modules the runtime's own modules import (the refusal, its texts, the button and logo
              // they draw) are in it too: left out, each became a chunk of its own only to avoid a circle between the
              // runtime and the entry, four more files in /login's first load (~2.9 KB with their headers).
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|@tanstack|ky|valibot|@lingui|use-sync-external-store)[\\/]|[\\/](api[\\/](?!fake[\\/]|organisationBrand\.)|i18n[\\/](errorMessages|failureText)|machines[\\/]form[\\/]refusal|ui[\\/]form[\\/]fieldText|ui[\\/]components[\\/](Logo|Button|focusHeading)\.)/,
            },
          ],
        },
      },
    },
  },
}));
