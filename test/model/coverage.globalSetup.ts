/**
 * Global setup of the `model` vitest project: clears the coverage records before the run; afterwards merges
 * them per machine into test-results/model-coverage.json, prints the table, and fails the run (exit code 1)
 * when a machine is below 100 % of its states or transitions, lists a sample none of its models can send, or a machine of machines/registry.ts has no model
 * test at all. A full run also writes the coverage report of docs/coverage/model.json (test/model/coverageReport.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { machines } from '../../machines/registry';
import { formatCoverageTable, isComplete, type MergedCoverage, mergeRecords, readRecords } from './coverage';
import { coverageReport } from './coverageReport';

/** The report /flows shows (test/model/coverageReport.ts); committed, so the site shows the last full run. */
export const COVERAGE_REPORT = 'docs/coverage/model.json';

export interface CoverageVerdict {
  rows: MergedCoverage[];
  /** Registry machines without any model test (only judged on a run of every model test file). */
  untested: string[];
  failures: string[];
}

export function judgeCoverage(
  rows: MergedCoverage[],
  registry: readonly string[],
  { fullRun, filtered = false }: { fullRun: boolean; filtered?: boolean },
): CoverageVerdict {
  const tested = new Set(rows.map((row) => row.machine));
  const untested = fullRun && !filtered ? registry.filter((name) => !tested.has(name)) : [];
  const failures = [
    // A run filtered by test name (`-t <path id>`) replays some paths on purpose: 100 % is asked of full runs.
    ...rows
      .filter((row) => !filtered && !isComplete(row))
      .map(
        (row) =>
          `${row.machine}: ${[
            ...row.states.missing.map((state) => `state ${state}`),
            ...row.transitions.missing.map((transition) => `transition ${transition}`),
          ].join('; ')}`,
      ),
    ...rows.flatMap((row) =>
      row.unusedSamples.map((sample) => `${row.machine}: sample ${sample} is listed but no path can send it`),
    ),
    ...untested.map((name) => `${name}: no model test (machines/registry.ts lists it)`),
  ];
  return { rows, untested, failures };
}

export default function setup(project: TestProject) {
  const root = project.config.root;
  const recordsDir = resolve(root, 'test-results/model-coverage');
  rmSync(recordsDir, { recursive: true, force: true });
  mkdirSync(recordsDir, { recursive: true });
  project.provide('modelCoverageDir', recordsDir);
  const filtered = Boolean(project.vitest.config.testNamePattern);
  project.provide('modelRunFiltered', filtered);

  return async () => {
    const { testFiles } = await project.globTestFiles();
    const ran = new Set(project.vitest.state.getFiles().map((file) => file.filepath));
    const fullRun = testFiles.every((file) => ran.has(file));
    const records = readRecords(recordsDir);
    const verdict = judgeCoverage(mergeRecords(records), Object.keys(machines), { fullRun, filtered });
    const failedTests = project.vitest.state.getCountOfFailedTests();

    const report = {
      fullRun,
      machines: verdict.rows.map((row) => ({
        ...row,
        testFiles: row.testFiles.map((file) => relative(root, file)),
      })),
      untested: verdict.untested,
      failures: verdict.failures,
    };
    writeFileSync(resolve(root, 'test-results/model-coverage.json'), `${JSON.stringify(report, null, 2)}\n`);

    // Only a green run of every model test describes the machines; a focused, filtered or failing run leaves the last
    // published report as it is (the run's own pass/fail is in test-results/model-report, test/model/report).
    if (fullRun && !filtered && failedTests === 0 && !verdict.failures.length) {
      const published = coverageReport(records, {
        ranAt: new Date(),
        relativePath: (file) => relative(root, file),
      });
      mkdirSync(dirname(resolve(root, COVERAGE_REPORT)), { recursive: true });
      writeFileSync(resolve(root, COVERAGE_REPORT), `${JSON.stringify(published, null, 2)}\n`);
    }

    console.log(`\nModel coverage (test-results/model-coverage.json)\n${formatCoverageTable(verdict.rows)}`);
    if (filtered)
      console.log('(filtered run, -t: the 100 % gate and the published report are for full runs only)');
    else if (!fullRun)
      console.log('(partial run: machines without a model test are only reported on a full run)');
    if (verdict.failures.length) {
      console.error(
        `\nModel coverage below 100 %:\n${verdict.failures.map((line) => `  - ${line}`).join('\n')}`,
      );
      process.exitCode = 1;
    }
  };
}
