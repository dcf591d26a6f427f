import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { connectChromium } from './browser';

/**
 * The journeys' one Chromium (test/e2e/globalSetup.ts starts it): each file connects to it and opens its own
 * contexts; `browser.close()` in a file closes that file's contexts and disconnects, the browser stays for the next.
 * One browser for the run instead of one per file: a CI run starts Chromium once.
 */
export const journeyBrowser = (): Promise<Browser> => connectChromium(inject('chromiumWsEndpoint'));
