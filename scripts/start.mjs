#!/usr/bin/env node
// `npm start`: builds the site when dist/ is missing or older than the sources, then runs the reference server,
// which serves the site at / and the API at /api on one port (PORT, default 3000). In production the server runs as
// compiled by `npm run build` (dist-server/main.mjs, scripts/buildServer.mjs): no TypeScript compiler at start; a
// demo start runs the sources through tsx.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The flow explorer also draws from the model harness and the last coverage report.
const SOURCES = [
  'ui',
  'routes',
  'containers',
  'machines',
  'api',
  'i18n',
  'index.html',
  'main.tsx',
  'vite.config.ts',
  'test/model',
  'docs/coverage',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

// Demo mode (no NODE_ENV=production) builds the site with the flow explorer (/flows, vite.config.ts); a
// production start never serves a build that has it (it refuses, and never builds itself: see below).
const demo = process.env.NODE_ENV !== 'production';
const built = join('dist', 'index.html');
const otherKind = existsSync(join('dist', 'flows.txt')) !== demo;
const stale =
  !existsSync(built) || otherKind || Math.max(...SOURCES.map(newestMtime)) > statSync(built).mtimeMs;
// Never a build under a running server (its pages would lose their scripts): production builds ahead of the
// deploy (`npm run build`, which keeps the previous assets: scripts/keepPreviousAssets.ts), and a demo start does
// not rebuild while another `npm start` serves this dist/ (dist/.serving holds its process id).
const SERVING = join('dist', '.serving');
const servedBy = () => {
  try {
    const pid = Number(readFileSync(SERVING, 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
};
const COMPILED = join('dist-server', 'main.mjs');
if (!demo && !existsSync(COMPILED)) {
  console.error(
    '[server] failed to start: dist-server/ has no compiled server; run `npm run build` before `npm start` in production',
  );
  process.exit(1);
}
if (!demo && (!existsSync(built) || otherKind)) {
  const what = otherKind ? 'is a demo build (it has the flow explorer)' : 'has no build';
  console.error(
    `[server] failed to start: dist/ ${what}; run \`npm run build\` before \`npm start\` in production`,
  );
  process.exit(1);
}
if (stale && demo && servedBy()) {
  console.log(
    `dist/ is served by process ${servedBy()}: not rebuilding under it (the build as it is serves)`,
  );
} else if (stale && demo) {
  console.log('Building the site (dist/ is missing, older than the sources or of the other mode)...');
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, SITE_FLOWS: demo ? '1' : '' } });
}

const server = spawn(process.execPath, demo ? ['--import', 'tsx', 'server/main.ts'] : [COMPILED], {
  stdio: 'inherit',
});
writeFileSync(SERVING, String(process.pid));
process.on('exit', () => {
  if (servedBy() === process.pid) rmSync(SERVING, { force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
