#!/usr/bin/env node
// `npm run build` (after `vite build`): the server compiled ahead of time into dist-server/main.mjs, so a production
// start runs JavaScript and no TypeScript compiler (scripts/start.mjs; docs/decisions/operations.md: Compiled
// server). Our own modules are bundled (the dynamic imports of demo-only modules stay chunks of their own, loaded only
// when asked for); the packages in node_modules are not, Node loads them as it would from the sources. Beside the
// site's dist/, never in it: dist/ is served.
import { rmSync } from 'node:fs';
import { build } from 'rolldown';

const OUT = 'dist-server';
rmSync(OUT, { recursive: true, force: true });
await build({
  input: { main: 'server/main.ts' },
  platform: 'node',
  // A bare specifier is a package (or node:): loaded from node_modules at run time.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  output: {
    dir: OUT,
    format: 'esm',
    entryFileNames: '[name].mjs',
    chunkFileNames: '[name]-[hash].mjs',
    sourcemap: true,
  },
  logLevel: 'warn',
});
console.log(`server compiled into ${OUT}/main.mjs`);
