#!/usr/bin/env node
// `npm start`: builds the site when dist/ is missing or older than the sources, then runs the reference server,
// which serves the site at / and the API at /api on one port (PORT, default 3000).
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['ui', 'routes', 'machines', 'api', 'i18n', 'index.html', 'main.tsx', 'vite.config.ts'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const built = join('dist', 'index.html');
const stale = !existsSync(built) || Math.max(...SOURCES.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the site (dist/ is missing or older than the sources)...');
  execSync('npx vite build', { stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
