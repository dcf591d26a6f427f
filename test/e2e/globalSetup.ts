import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './staticServer';

/**
 * Builds the site over the development fake service (spec 1: no server at all, mounted under /root as in
 * development) and serves the built files; specs read the address with inject('fakeSiteUrl').
 */
export default async function setup(project: TestProject) {
  execSync('npx vite build --mode fake --outDir dist-fake --logLevel warn', { stdio: 'inherit' });
  const site = await serveStatic(resolve('dist-fake'), '/root/');
  project.provide('fakeSiteUrl', site.url);
  return () => site.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeSiteUrl: string;
  }
}
