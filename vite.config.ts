import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './scripts/chunkModules.ts';
import { firstScreenBundle } from './scripts/firstScreenBundle.ts';
import { precompress } from './scripts/precompress.ts';

// In development the site lives under /root and the API under the organisation path (spec 2, docs/decisions.md: Development mapping);
// the production build is served at / by the reference server.
export default defineConfig(({ command, mode }) => ({
  base: command === 'build' && mode !== 'fake' ? '/' : '/root/',
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    chunkModules(),
    precompress(),
    firstScreenBundle(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/organisation': {
        target: process.env.API_TARGET ?? 'http://localhost:3000',
        rewrite: (p) => p.replace(/^\/organisation/, ''),
      },
    },
  },
  // The MSW worker of the development fake service (api/fake) is served only in fake mode, never in production.
  publicDir: mode === 'fake' ? 'api/fake/public' : 'public',
  // zxcvbn's dictionaries are big by nature; they load lazily, only beside a password strength bar.
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
      // runtime every page needs; lazy screens keep only their own code. zxcvbn, Sentry and MSW stay lazy.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|@tanstack|ky|valibot|@lingui|use-sync-external-store)[\\/]|[\\/](api[\\/](?!fake[\\/])|i18n[\\/]errorMessages)/,
            },
          ],
        },
      },
    },
  },
}));
