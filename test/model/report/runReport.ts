/**
 * The tester's report of a model run (README: Model-based tests, the tester's report): per path its stable id,
 * machine, whole events, a link to /flows that replays it, and the pass/fail and duration of its machine and
 * screen tests; plus the commit and the time, so a report says which code it judged. Built from vitest's test
 * cases (or anything shaped like them: the test feeds a synthetic failing run) and the run's coverage records.
 */
import { type CoverageRecord, mergeRecords } from '../coverage';

/** The part of vitest's TestCase (reporter API) the report reads. */
export interface TestCaseLike {
  name: string;
  /** With the names of its `describe` blocks (`block > test`); the journeys' part shows it. */
  fullName?: string;
  module: { moduleId: string };
  project: { name: string };
  result(): { state: string; errors?: ReadonlyArray<{ message?: string; stack?: string }> | undefined };
  diagnostic(): { duration: number } | undefined;
  /** The test's meta: a failed journey's screenshots and traces in `evidence` (test/e2e/evidence.setup.ts). */
  meta?(): { evidence?: string[] };
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
  /** Opens /flows on the dev server with this path replayed step by step; none for a path of anything /flows does
   * not draw (a composition of machines such as `login+twoFactorSetup`: /flows replays one machine at a time). */
  link?: string;
  testFile: string;
  tests: TestOutcome[];
  outcome: Outcome;
}

/** Where a run ran, so a failure on one machine can be told from one on another (the reporter fills it in). */
export interface RunEnvironment {
  node: string;
  os: string;
  /** CPU cores, and the load average over 1, 5 and 15 minutes when the run ended. */
  cpus: number;
  load: string;
  /** What drew the screens: happy-dom for the model paths, Chromium for the journeys. */
  browser: string;
  /** What the server under test stored its data in ('none' when every call is a fake). */
  database: string;
}

/** Which run a part of the report comes from: each part is written by its own run and may be older than another. */
export interface RunLabel {
  commit: string;
  ranAt: string;
  /** The `-t` pattern of a filtered run. */
  filter: string | undefined;
  environment: RunEnvironment;
}

/** What a model run did not cover, and why: the gaps of each machine it walked, and the machines it did not walk. */
export interface CoverageGaps {
  machines: Array<{
    machine: string;
    states: string;
    transitions: string;
    /** State paths and transition labels no path reached (the samples never lead there). */
    missing: string[];
    /** Samples listed in the model that no path can send (they test nothing). */
    unusedSamples: string[];
  }>;
  /** Registry machines with no path in this run (not run: another file, a filter, or no model test). */
  notRun: string[];
}

export interface ModelRunReport extends RunLabel {
  paths: PathResult[];
  /** Tests of the model project that replay no single path (checks of the harness, extra assertions). */
  otherTests: Array<TestOutcome & { testFile: string }>;
  totals: Record<Outcome, number>;
  coverage: CoverageGaps;
}

const PATH_TEST = /^(machine|screen): ([0-9a-f]{10}) /;

/** /flows replaying a path on `site` (the reporter's reportSite: REPORT_SITE_URL, else the server's SITE_URL). */
export function flowsLink(site: string, machine: string, id: string): string {
  return `${site}/flows/${encodeURIComponent(machine)}?path=${id}`;
}

/** A model test file is machines/<machine>/<machine>.model.test.tsx: its machine, when no record names it. */
const machineOfFile = (testFile: string) => /(?:^|\/)([^/]+)\.model\.test\.tsx?$/.exec(testFile)?.[1];

/** The gaps of a run's coverage records, against the machines the registry lists (`registry`: their names). */
export function coverageGaps(records: readonly CoverageRecord[], registry: readonly string[]): CoverageGaps {
  const rows = mergeRecords(records);
  const walked = new Set(rows.map((row) => row.machine));
  return {
    machines: rows.map((row) => ({
      machine: row.machine,
      states: `${row.states.covered}/${row.states.total}`,
      transitions: `${row.transitions.covered}/${row.transitions.total}`,
      missing: [
        ...row.states.missing.map((state) => `state ${state}`),
        ...row.transitions.missing.map((transition) => `transition ${transition}`),
      ],
      unusedSamples: row.unusedSamples,
    })),
    notRun: registry.filter((name) => !walked.has(name)),
  };
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
    ranAt,
    relativePath,
    site,
    flows,
    coverage,
    ...label
  }: Omit<RunLabel, 'ranAt'> & {
    ranAt: Date;
    relativePath: (file: string) => string;
    /** The origin of the site whose /flows the links open. */
    site: string;
    /** The flows /flows draws (machines/registry.ts): a path of anything else (a composition) gets no link. */
    flows: readonly string[];
    coverage: CoverageGaps;
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
    const machine = path?.machine ?? machineOfFile(testFile) ?? '?';
    const entry = paths.get(id) ?? {
      id,
      machine,
      description: path?.description ?? test.name.slice(kind.length + 2),
      events: path?.events ?? [],
      link: flows.includes(machine) ? flowsLink(site, machine, id) : undefined,
      testFile,
      tests: [],
      outcome: 'skipped' as Outcome,
    };
    entry.tests.push(toOutcome(test, kind));
    entry.outcome = worst(entry.tests.map((t) => t.outcome));
    paths.set(id, entry);
  }
  // A run filtered by `-t` skips every other path: they were not run again, so they are not in its part.
  const ran = (outcome: Outcome) => !label.filter || outcome !== 'skipped';
  const sorted = [...paths.values()]
    .filter((path) => ran(path.outcome))
    .sort((a, b) => a.machine.localeCompare(b.machine) || a.description.localeCompare(b.description));
  const totals: Record<Outcome, number> = { passed: 0, failed: 0, skipped: 0 };
  for (const path of sorted) totals[path.outcome]++;
  const others = otherTests.filter((test) => ran(test.outcome));
  for (const test of others) totals[test.outcome]++;
  return { ...label, ranAt: ranAt.toISOString(), paths: sorted, otherTests: others, totals, coverage };
}
