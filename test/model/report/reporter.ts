/**
 * Vitest reporter (vitest.config.ts) that writes the tester's report of a model run to test-results/model-report/:
 * index.html and junit.xml (test/model/report/renderReport.ts). A run without model tests writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { readRecords } from '../coverage';
import { renderHtml, renderJunit } from './renderReport';
import { buildRunReport } from './runReport';

export const REPORT_DIR = 'test-results/model-report';

/** The commit the run judged, marked when the work tree had changes (then the report is not that commit's). */
function currentCommit(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain').length ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown (no git)';
  }
}

export default class ModelReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const vitest = this.vitest;
    if (!vitest) return;
    const modules = testModules.filter((module) => module.project.name === 'model');
    if (!modules.length) return;
    const root = vitest.config.root;
    const report = buildRunReport(
      modules.flatMap((module) => [...module.children.allTests()]),
      readRecords(resolve(root, 'test-results/model-coverage')),
      {
        commit: currentCommit(root),
        ranAt: new Date(),
        filter: vitest.config.testNamePattern?.source,
        relativePath: (file) => relative(root, file),
      },
    );
    const dir = resolve(root, REPORT_DIR);
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, 'index.html'), renderHtml(report));
    writeFileSync(resolve(dir, 'junit.xml'), renderJunit(report));
    vitest.logger.log(`Model run report: ${REPORT_DIR}/index.html, ${REPORT_DIR}/junit.xml`);
  }
}
