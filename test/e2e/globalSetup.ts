import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRealServer } from './realServer';
import { serveStatic } from './staticServer';

/**
 * Two sites for the journeys:
 * - `fakeSiteUrl`: the site built over the development fake service (spec 1: no server at all, under /root);
 * - `serverUrl`: the production build served by the reference server with its demo data (as `npm start`).
 */
export default async function setup(project: TestProject) {
  execSync('npx vite build --mode fake --outDir dist-fake --logLevel warn', { stdio: 'inherit' });
  const site = await serveStatic(resolve('dist-fake'), '/root/');
  project.provide('fakeSiteUrl', site.url);

  let stopServer = async () => {};
  if (existsSync('server/main.ts')) {
    execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
    const server = await startRealServer();
    project.provide('serverUrl', server.url);
    stopServer = server.stop;
  }
  return async () => {
    await stopServer();
    await site.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeSiteUrl: string;
    serverUrl: string;
  }
}
