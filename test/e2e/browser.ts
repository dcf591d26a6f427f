import { type Browser, type BrowserContext, type BrowserServer, chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './chromiumPath';

export { CHROMIUM_PATH };

/**
 * Debian's Chromium (apt-get install chromium, chromiumPath.ts): Playwright's own browser download cannot work on
 * this machine. The background-networking flags keep Chromium from dialling out, which the closed network refuses.
 */

const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/**
 * One Chromium for several test files (test/rehearsal): started once by a global setup, each file connects to it
 * (`connectChromium`) and opens its own contexts.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/** What Chromium reported as blocked by the site's Content-Security-Policy, per browser, across its contexts. */
const cspViolations = new WeakMap<Browser, string[]>();

/**
 * A browser context whose pages report every Content-Security-Policy violation (a script, style or call the
 * policy blocked): the journeys end with `expectNoCspViolations`, so the strict CSP never breaks a screen unseen.
 */
export async function newWatchedContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const seen = cspViolations.get(browser) ?? [];
  cspViolations.set(browser, seen);
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text()))
      seen.push(`${message.location().url}: ${message.text()}`);
  });
  return context;
}

export function expectNoCspViolations(browser: Browser): void {
  const seen = cspViolations.get(browser) ?? [];
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
}
