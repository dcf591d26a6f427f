import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download } from 'playwright-core';
import { inject } from 'vitest';
import { connectChromium } from './browser';
import { keepEvidenceOf } from './evidence';

/**
 * The journeys' one Chromium (test/e2e/globalSetup.ts starts it): each file connects to it and opens its own
 * contexts; `browser.close()` in a file closes that file's contexts and disconnects, the browser stays for the next.
 * One browser for the run instead of one per file: a CI run starts Chromium once. Its contexts are traced and a
 * failed test's pages photographed (test/e2e/evidence.ts).
 */
export const journeyBrowser = async (): Promise<Browser> =>
  keepEvidenceOf(await connectChromium(inject('chromiumWsEndpoint')));

/**
 * Where a download landed on this machine: a connected browser keeps its downloads on its own side
 * (`download.path()` is refused), so the file is saved here first.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'journey-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
