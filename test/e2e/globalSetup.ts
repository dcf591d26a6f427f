import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPwnedStandIn } from '../../server/test/pwnedStandIn';
import { buildSite } from '../siteBuild';
import { launchChromiumServer } from './browser';
import { clearEvidence } from './evidence';
import { startRealServer } from './realServer';
import { serveStatic } from './staticServer';

/**
 * Two sites and one Chromium for the journeys:
 * - `fakeSiteUrl`: the site built over the development fake service (spec 1: no server at all, under /root);
 * - `serverUrl`: the production build served by the reference server with its demo data (as `npm start`).
 */
export default async function setup(project: TestProject) {
  // A failed journey's screenshots and traces are this run's only (test/e2e/evidence.ts).
  clearEvidence('e2e');
  // One Chromium for every journey file (test/e2e/journeyBrowser.ts), started while the sites build.
  const chromium = launchChromiumServer();
  buildSite('--mode fake --outDir dist-fake', 'dist-fake');
  const site = await serveStatic(resolve('dist-fake'), '/root/');
  project.provide('fakeSiteUrl', site.url);

  let stopServer = async () => {};
  let conformanceViolations = (): string[] => [];
  if (existsSync('server/main.ts')) {
    buildSite('');
    // On localhost, as `npm start` has it: WebAuthn refuses an IP address as relying-party id, and organisation
    // subdomains need a name ({label}.localhost), so the passkey and invitation journeys use this server too.
    // The breached-password check asks a local stand-in range service (docs/decisions/security.md: Breached passwords).
    const pwned = await startPwnedStandIn();
    const server = await startRealServer({ host: 'localhost', env: { PWNED_PASSWORDS_URL: pwned.url } });
    project.provide('serverUrl', server.url);
    stopServer = async () => {
      await server.stop();
      await pwned.close();
    };
    conformanceViolations = server.conformanceViolations;
  }
  const browserServer = await chromium;
  project.provide('chromiumWsEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    // Each answer is checked within milliseconds of being sent, long before the journeys end.
    await stopServer();
    await site.close();
    const violations = conformanceViolations();
    if (violations.length > 0) {
      // Vitest reports an error thrown here but keeps its exit code: set it, so the run fails.
      process.exitCode = 1;
      throw new Error(
        `${violations.length} answers did not fit docs/openapi.json:\n${violations.join('\n')}`,
      );
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeSiteUrl: string;
    serverUrl: string;
    chromiumWsEndpoint: string;
  }
}
