/**
 * The journeys' part of the tester's report (README: the tester's report): every test case of a run of the `e2e`
 * project (Chromium journeys, test/e2e) or the `rehearsal` project (the production rehearsal, test/rehearsal), with
 * its file, whole name, pass/fail/skip, duration and error, plus errors outside any test (a failed `beforeAll`, a
 * file that did not load) as failed rows, so a journey that never ran does not look skipped.
 */
import { type Outcome, type RunLabel, type TestCaseLike, type TestOutcome, toOutcome } from './runReport';

/** The vitest projects whose tests the report shows as journeys, with the heading of their section. */
export const JOURNEY_PROJECTS = {
  e2e: 'Chromium journeys (test/e2e)',
  rehearsal: 'Production rehearsal (test/rehearsal)',
} as const;

export type JourneyProject = keyof typeof JOURNEY_PROJECTS;

export const isJourneyProject = (name: string): name is JourneyProject =>
  Object.hasOwn(JOURNEY_PROJECTS, name);

type ErrorLike = { message?: string; stack?: string };

/** The part of vitest's TestSuite (reporter API) the report reads: hook errors land on the suite. */
interface SuiteLike {
  fullName: string;
  errors(): ReadonlyArray<ErrorLike>;
}

/** The part of vitest's TestModule (reporter API) the reporter reads. */
export interface TestModuleLike {
  moduleId: string;
  project: { name: string };
  children: { allTests(): Iterable<TestCaseLike>; allSuites(): Iterable<SuiteLike> };
  /** Errors outside any test: the file failed to load, or a module-level hook threw. */
  errors(): ReadonlyArray<ErrorLike>;
}

export interface JourneyTest extends TestOutcome {
  testFile: string;
  /** A failed test's screenshots and traces, relative to the report's folder (test/e2e/evidence.ts). */
  evidence?: string[];
}

export interface JourneyRunReport extends RunLabel {
  project: JourneyProject;
  /** In the order the run reported them (file by file, as written). */
  tests: JourneyTest[];
  totals: Record<Outcome, number>;
}

const errorText = (error: ErrorLike) => error.stack || error.message || String(error);

/** Errors outside tests as a failed row, named after where they happened. */
function setupFailure(testFile: string, where: string, errors: ReadonlyArray<ErrorLike>): JourneyTest[] {
  if (!errors.length) return [];
  return [
    {
      testFile,
      name: `${where} (outside any test)`,
      outcome: 'failed',
      durationMs: 0,
      errors: errors.map(errorText),
    },
  ];
}

export function buildJourneyReport(
  project: JourneyProject,
  modules: Iterable<TestModuleLike>,
  { relativePath, ...label }: RunLabel & { relativePath: (file: string) => string },
): JourneyRunReport {
  const tests: JourneyTest[] = [];
  for (const module of modules) {
    if (module.project.name !== project) continue;
    const testFile = relativePath(module.moduleId);
    tests.push(...setupFailure(testFile, testFile, module.errors()));
    for (const suite of module.children.allSuites())
      tests.push(...setupFailure(testFile, suite.fullName, suite.errors()));
    for (const test of module.children.allTests()) {
      const evidence = test.meta?.().evidence ?? [];
      tests.push({
        ...toOutcome(test, test.fullName ?? test.name),
        testFile,
        ...(evidence.length ? { evidence } : {}),
      });
    }
  }
  const totals: Record<Outcome, number> = { passed: 0, failed: 0, skipped: 0 };
  for (const test of tests) totals[test.outcome]++;
  return { project, ...label, tests, totals };
}
