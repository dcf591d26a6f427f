/**
 * A minimal stand-in for the objects vitest's reporter API hands a reporter (TestModule, TestSuite, TestCase), as
 * much of them as the tester's report reads; reporter.test.ts holds vitest's own types to this shape.
 */
import type { TestModuleLike } from './journeyReport';
import type { RunEnvironment, TestCaseLike } from './runReport';

/** A fixed environment block for synthetic runs. */
export const TEST_ENVIRONMENT: RunEnvironment = {
  node: 'v24.0.0',
  os: 'Linux 6.1 x64',
  cpus: 2,
  load: '1.50 1.20 0.90',
  browser: 'happy-dom 21.0.4',
  database: 'none (every call is a fake)',
};

export interface FakeTest {
  /** `describe` blocks and the test's name: the last is the name, all joined with ' > ' the full name. */
  names: string[];
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  error?: string;
  durationMs?: number;
  /** A failed journey's screenshots and traces, as test/e2e/evidence.setup.ts puts them in the test's meta. */
  evidence?: string[];
}

const serialized = (message: string) => ({ message, stack: `Error: ${message}\n    at journey` });

export function fakeTestCase(moduleId: string, project: string, test: FakeTest): TestCaseLike {
  return {
    name: test.names.at(-1) ?? '',
    fullName: test.names.join(' > '),
    module: { moduleId },
    project: { name: project },
    result: () => ({ state: test.state, errors: test.error ? [serialized(test.error)] : [] }),
    diagnostic: () => (test.state === 'skipped' ? undefined : { duration: test.durationMs ?? 1500.4 }),
    meta: () => (test.evidence ? { evidence: test.evidence } : {}),
  };
}

export function fakeTestModule(
  project: string,
  moduleId: string,
  tests: FakeTest[],
  { moduleError, suiteErrors = {} }: { moduleError?: string; suiteErrors?: Record<string, string> } = {},
): TestModuleLike {
  return {
    moduleId,
    project: { name: project },
    errors: () => (moduleError ? [serialized(moduleError)] : []),
    children: {
      allTests: () => tests.map((test) => fakeTestCase(moduleId, project, test)),
      allSuites: () =>
        Object.entries(suiteErrors).map(([fullName, error]) => ({
          fullName,
          errors: () => [serialized(error)],
        })),
    },
  };
}
