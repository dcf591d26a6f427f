/**
 * The Chromium the journeys run: Debian's (apt-get install chromium), or CHROMIUM_PATH. Its own module so the
 * tester's report can name its version without loading Playwright (test/model/report/reporter.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
