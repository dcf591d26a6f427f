/**
 * Each path's and journey's last results across runs (test-results/model-report/history.json), so the report can
 * mark a flaky one: a path or test that both passed and failed on the same commit (nothing changed but the run).
 * Every run of the model, e2e or rehearsal project adds its outcomes; the newest ten per path or test are kept.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ReportPart } from './resultFiles';
import type { Outcome } from './runReport';

export interface PastOutcome {
  commit: string;
  ranAt: string;
  outcome: Exclude<Outcome, 'skipped'>;
}

/** Newest last, at most `KEEP` per key. */
export type History = Record<string, PastOutcome[]>;

const KEEP = 10;

/** A model path by its id (the same whether run in full or by `-t`); a journey by project, file and whole name. */
export const pathKey = (id: string) => `path ${id}`;
export const journeyKey = (project: string, testFile: string, name: string) =>
  `${project} ${testFile} > ${name}`;

function outcomesOf(part: ReportPart): Array<[string, Outcome]> {
  if (part.kind === 'model') return part.report.paths.map((path) => [pathKey(path.id), path.outcome]);
  return part.report.tests.map((test) => [
    journeyKey(part.report.project, test.testFile, test.name),
    test.outcome,
  ]);
}

export function readHistory(file: string): History {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as History) : {};
  } catch {
    return {};
  }
}

/** Adds a run's outcomes (skips are not results) to the history in `file` and returns it. */
export function recordHistory(file: string, parts: readonly ReportPart[]): History {
  const history = readHistory(file);
  for (const part of parts)
    for (const [key, outcome] of outcomesOf(part)) {
      if (outcome === 'skipped') continue;
      const past = [
        ...(history[key] ?? []),
        { commit: part.report.commit, ranAt: part.report.ranAt, outcome },
      ];
      history[key] = past.slice(-KEEP);
    }
  writeFileSync(file, JSON.stringify(history));
  return history;
}

export interface Flakiness {
  /** The commits on which it both passed and failed. */
  commits: string[];
  /** Its kept results, oldest first: 'passed failed passed'. */
  runs: string;
}

/** Flaky: passed and failed on one commit; undefined when every kept result on each commit agrees. */
export function flakinessOf(history: History | undefined, key: string): Flakiness | undefined {
  const past = history?.[key] ?? [];
  const byCommit = new Map<string, Set<string>>();
  for (const run of past) byCommit.set(run.commit, (byCommit.get(run.commit) ?? new Set()).add(run.outcome));
  const commits = [...byCommit].filter(([, outcomes]) => outcomes.size > 1).map(([commit]) => commit);
  return commits.length ? { commits, runs: past.map((run) => run.outcome).join(' ') } : undefined;
}
