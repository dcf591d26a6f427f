import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * The visual check's comparison (test/e2e/visual.e2e.test.ts): a screenshot against its committed baseline in
 * test/e2e/visual/, pixel by pixel with pixelmatch. `npm run visual:update` (VISUAL_UPDATE=1) writes the baselines
 * that differ instead, and removes those no state takes any more.
 */
export const BASELINES = 'test/e2e/visual';
/** Where a failed comparison leaves the screenshot taken and the difference drawn in red (not committed). */
export const FAILURES = 'test-results/visual';
export const UPDATING = process.env.VISUAL_UPDATE === '1';
/** Every baseline together at most this many bytes (README: The visual check). */
export const BASELINES_MAX_BYTES = 1_500_000;

/**
 * pixelmatch's colour distance under which two pixels count as equal (0 to 1; its default is 0.1), and how many
 * pixels may still differ: the same Chromium on the same machine draws the same pixels, so any real change (a
 * colour, a border, a word) is seen, while a stray anti-aliased pixel is not a failure.
 */
const THRESHOLD = 0.1;
const MAX_DIFFERENT_PIXELS = 20;

/** Re-encodes a screenshot with pngjs's strongest compression: the baselines stay small in the repository. */
const compact = (png: PNG): Buffer => PNG.sync.write(png);

/**
 * Compares `screenshot` with the baseline `name`: undefined when they match (or the baseline was written, when
 * updating), else what differs, with the screenshot and the difference left in test-results/visual.
 */
export function compareWithBaseline(name: string, screenshot: Buffer): string | undefined {
  const path = join(BASELINES, `${name}.png`);
  const actual = PNG.sync.read(screenshot);
  const problem = differenceFrom(path, actual, name);
  if (problem === undefined) return undefined;
  if (UPDATING) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(path, compact(actual));
    return undefined;
  }
  return `${name}: ${problem} (npm run visual:update takes the new look once it is meant)`;
}

function differenceFrom(path: string, actual: PNG, name: string): string | undefined {
  if (!existsSync(path)) return 'no baseline';
  const expected = PNG.sync.read(readFileSync(path));
  mkdirSync(FAILURES, { recursive: true });
  if (expected.width !== actual.width || expected.height !== actual.height) {
    if (!UPDATING) writeFileSync(join(FAILURES, `${name}.actual.png`), compact(actual));
    return `size ${actual.width}x${actual.height}, baseline ${expected.width}x${expected.height}`;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const different = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: THRESHOLD,
  });
  if (different <= MAX_DIFFERENT_PIXELS) return undefined;
  if (!UPDATING) {
    writeFileSync(join(FAILURES, `${name}.actual.png`), compact(actual));
    writeFileSync(join(FAILURES, `${name}.diff.png`), compact(diff));
  }
  return `${different} pixels differ (see ${FAILURES}/${name}.diff.png)`;
}

/**
 * The baselines no state took in this run: an error unless updating, when they are removed. Then the size of the
 * folder, which must stay under BASELINES_MAX_BYTES.
 */
export function checkBaselineFolder(taken: ReadonlySet<string>): { stale: string[]; bytes: number } {
  const stale: string[] = [];
  let bytes = 0;
  for (const file of existsSync(BASELINES) ? readdirSync(BASELINES) : []) {
    const path = join(BASELINES, file);
    if (!taken.has(file.replace(/\.png$/, ''))) {
      if (UPDATING) rmSync(path);
      else stale.push(file);
      continue;
    }
    bytes += statSync(path).size;
  }
  return { stale, bytes };
}
