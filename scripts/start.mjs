#!/usr/bin/env node
// `npm start`: builds the site when dist/ is missing or older than the sources, then runs the reference server,
// which serves the site at / and the API at /api on one port (PORT, default 3000).
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The flow explorer also draws from the model harness and the last coverage report.
const SOURCES = [
  'ui',
  'routes',
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
// production start never serves a build that has it, so a build of the other kind is rebuilt.
const demo = process.env.NODE_ENV !== 'production';
const built = join('dist', 'index.html');
const otherKind = existsSync(join('dist', 'flows.txt')) !== demo;
const stale =
  !existsSync(built) || otherKind || Math.max(...SOURCES.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the site (dist/ is missing, older than the sources or of the other mode)...');
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, SITE_FLOWS: demo ? '1' : '' } });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
