/**
 * The tester's report of a model run (README: Model-based tests, the tester's report): per path its stable id,
 * machine, whole events, a link to /flows that replays it, and the pass/fail and duration of its machine and
 * screen tests; plus the commit and the time, so a report says which code it judged. Built from vitest's test
 * cases (or anything shaped like them: the test feeds a synthetic failing run) and the run's coverage records.
 */
import type { CoverageRecord } from '../coverage';

/** The part of vitest's TestCase (reporter API) the report reads. */
export interface TestCaseLike {
  name: string;
  /** With the names of its `describe` blocks (`block > test`); the journeys' part shows it. */
  fullName?: string;
  module: { moduleId: string };
  project: { name: string };
  result(): { state: string; errors?: ReadonlyArray<{ message?: string; stack?: string }> | undefined };
  diagnostic(): { duration: number } | undefined;
}

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface TestOutcome {
  /** 'machine' or 'screen' for a path's tests; the test's whole name otherwise. */
  name: string;
  outcome: Outcome;
  durationMs: number;
  errors: string[];
}

export interface PathResult {
  id: string;
  machine: string;
  description: string;
  events: string[];
  /** Opens /flows on the dev server with this path replayed step by step. */
  link: string;
  testFile: string;
  tests: TestOutcome[];
  outcome: Outcome;
}

/** Which run a part of the report comes from: each part is written by its own run and may be older than another. */
export interface RunLabel {
  commit: string;
  ranAt: string;
  /** The `-t` pattern of a filtered run. */
  filter: string | undefined;
}

export interface ModelRunReport extends RunLabel {
  paths: PathResult[];
  /** Tests of the model project that replay no single path (checks of the harness, extra assertions). */
  otherTests: Array<TestOutcome & { testFile: string }>;
  totals: Record<Outcome, number>;
}

/** Where `npm start` serves the site in demo mode (README: the flow explorer); the report's links open /flows there. */
export const DEMO_SITE = 'http://localhost:3000';

const PATH_TEST = /^(machine|screen): ([0-9a-f]{10}) /;

export function flowsLink(machine: string, id: string): string {
  return `${DEMO_SITE}/flows/${encodeURIComponent(machine)}?path=${id}`;
}

function outcomeOf(test: TestCaseLike): Outcome {
  const { state } = test.result();
  return state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped';
}

export function toOutcome(test: TestCaseLike, name: string): TestOutcome {
  return {
    name,
    outcome: outcomeOf(test),
    durationMs: Math.round(test.diagnostic()?.duration ?? 0),
    errors: (test.result().errors ?? []).map((error) => error.stack || error.message || String(error)),
  };
}

const worst = (outcomes: Outcome[]): Outcome =>
  outcomes.includes('failed') ? 'failed' : outcomes.every((o) => o === 'skipped') ? 'skipped' : 'passed';

export function buildRunReport(
  tests: Iterable<TestCaseLike>,
  records: readonly CoverageRecord[],
  {
    commit,
    ranAt,
    filter,
    relativePath,
  }: {
    commit: string;
    ranAt: Date;
    filter: string | undefined;
    relativePath: (file: string) => string;
  },
): ModelRunReport {
  const known = new Map<string, { machine: string; description: string; events: string[] }>();
  for (const record of records)
    for (const path of record.paths ?? [])
      known.set(path.id, { machine: record.machine, description: path.description, events: path.events });

  const paths = new Map<string, PathResult>();
  const otherTests: ModelRunReport['otherTests'] = [];
  for (const test of tests) {
    if (test.project.name !== 'model') continue;
    const testFile = relativePath(test.module.moduleId);
    const [, kind, id] = PATH_TEST.exec(test.name) ?? [];
    if (!kind || !id) {
      otherTests.push({ ...toOutcome(test, test.name), testFile });
      continue;
    }
    const path = known.get(id);
    const entry = paths.get(id) ?? {
      id,
      machine: path?.machine ?? '?',
      description: path?.description ?? test.name.slice(kind.length + 2),
      events: path?.events ?? [],
      link: flowsLink(path?.machine ?? '', id),
      testFile,
      tests: [],
      outcome: 'skipped' as Outcome,
    };
    entry.tests.push(toOutcome(test, kind));
    entry.outcome = worst(entry.tests.map((t) => t.outcome));
    paths.set(id, entry);
  }
  const sorted = [...paths.values()].sort(
    (a, b) => a.machine.localeCompare(b.machine) || a.description.localeCompare(b.description),
  );
  const totals: Record<Outcome, number> = { passed: 0, failed: 0, skipped: 0 };
  for (const path of sorted) totals[path.outcome]++;
  for (const test of otherTests) totals[test.outcome]++;
  return { commit, ranAt: ranAt.toISOString(), filter, paths: sorted, otherTests, totals };
}
