import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * What a failed journey leaves behind (README: the tester's report): a screenshot of every page still open when it
 * failed and, with `E2E_TRACE=1`, the Playwright trace of each of its browser contexts (actions, DOM snapshots, network, console; open
 * it with `npx playwright-core show-trace <file>` or at trace.playwright.dev). The files go beside the report
 * (test-results/model-report/evidence/<project>/), whose journey row links them; a passing test keeps nothing.
 */

/** The report's folder (test/model/report/reporter.ts REPORT_DIR) and the evidence folder in it. */
const REPORT_DIR = 'test-results/model-report';
export const EVIDENCE_DIR = 'evidence';

/**
 * Tracing records every context from its start (only then does a failure's trace hold the steps that led there),
 * which made a journey file take about 1.7 times as long on the two shared cores: so it is asked for with
 * `E2E_TRACE=1` (a failed file run again with it), and the screenshots are always taken.
 */
const TRACING = process.env.E2E_TRACE === '1';

const watched = new Set<Browser>();
const traced = new WeakSet<BrowserContext>();

/** Removes an earlier run's evidence of `project` (its global setup calls it once per run). */
export function clearEvidence(project: string): void {
  rmSync(resolve(REPORT_DIR, EVIDENCE_DIR, project), { recursive: true, force: true });
}

/**
 * Watches a journey's browser: every context it opens from now on is traced, and `collectEvidence` finds its pages.
 * Contexts are created through `browser.newContext`, so that one method is wrapped.
 */
export function keepEvidenceOf(browser: Browser): Browser {
  watched.add(browser);
  browser.on('disconnected', () => watched.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (TRACING) {
      await context.tracing.start({ screenshots: true, snapshots: true, sources: false });
      traced.add(context);
    }
    return context;
  };
  return browser;
}

/** A file name part from a test's name: letters, digits and dashes, short enough for any file system. */
const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * After each test: when it failed, a screenshot of each open page and each context's trace since the last test,
 * saved under the report, their paths (relative to the report) returned; when it passed, the traces are dropped.
 * Either way each context's tracing starts a new chunk for the next test.
 */
export async function collectEvidence(
  project: string,
  { file, test, failed }: { file: string; test: string; failed: boolean },
): Promise<string[]> {
  const base = `${slug(file.replace(/^.*\//, '').replace(/\.e2e\.test\.ts$/, ''))}--${slug(test)}`;
  const folder = join(EVIDENCE_DIR, project);
  if (failed) mkdirSync(resolve(REPORT_DIR, folder), { recursive: true });
  const saved: string[] = [];
  let n = 0;
  for (const browser of watched)
    for (const context of browser.contexts()) {
      n++;
      if (failed)
        for (const [i, page] of context.pages().entries()) {
          if (page.isClosed()) continue;
          const file = join(folder, `${base}-${n}.${i + 1}.png`);
          // A page that no longer answers (a crash, a hung script) still lets the other files be saved.
          await page
            .screenshot({ path: resolve(REPORT_DIR, file), fullPage: true, timeout: 5000 })
            .then(() => saved.push(file))
            .catch(() => {});
        }
      if (!traced.has(context)) continue;
      const file = join(folder, `${base}-${n}.trace.zip`);
      await context.tracing
        .stopChunk(failed ? { path: resolve(REPORT_DIR, file) } : {})
        .then(() => {
          if (failed) saved.push(file);
        })
        .then(() => context.tracing.startChunk())
        .catch(() => traced.delete(context));
    }
  return saved;
}
