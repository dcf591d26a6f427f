/**
 * Model coverage: which states of a machine a replayed path entered and which transitions it took, measured on
 * the real actor (its `@xstate.microstep` inspection events), against the full list read from the machine.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { AnyMachineSnapshot, AnyTransitionDefinition } from 'xstate';
import { type MachineDefinition, transitionKey, transitionLabel } from './machineDefinition';

export interface CoverageCount {
  covered: number;
  total: number;
  /** What no replayed path reached, as readable labels. */
  missing: string[];
}

export interface CoverageSummary {
  machine: string;
  states: CoverageCount;
  transitions: CoverageCount;
}

/** What one model (one `modelFor` call) writes for the run; the global teardown merges them per machine. */
export interface CoverageRecord {
  machine: string;
  testFile: string | undefined;
  states: { all: Record<string, string>; covered: string[] };
  transitions: { all: Record<string, string>; covered: string[] };
  /** The model's covering paths (model.paths()), for the coverage report: what was walked, event by event. */
  paths?: CoveragePath[];
  /** Samples given as lists, and those the model's graph offers somewhere (so some path sends them). */
  samples?: ListedSamples;
}

export interface ListedSamples {
  declared: string[];
  offered: string[];
}

export interface CoveragePath {
  /** Stable id (test/model/pathId.ts); `npm run test:model -- -t <id>` runs the path again. */
  id: string;
  description: string;
  /** Each step's event with its whole payload ('login done', 'field.change {"field":"email","value":"ada@…"}'). */
  events: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by test/model/coverage.globalSetup.ts in the `model` project only. */
    modelCoverageDir: string | undefined;
    /** Set by the same global setup: the run is filtered by test name (`-t`), so it replays only some paths. */
    modelRunFiltered: boolean | undefined;
  }
}

export class CoverageTracker {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  /** Added by each model that replays on this tracker, once it has chosen its paths (addPaths). */
  paths: CoveragePath[] = [];
  /** Set by the model from its graph. */
  samples: ListedSamples = { declared: [], offered: [] };
  private readonly recordFile = `${randomUUID()}.json`;

  constructor(
    readonly machine: string,
    readonly definition: MachineDefinition,
  ) {}

  /** A model's covering paths; a second model of the machine sharing this tracker adds its own beside them. */
  addPaths(paths: readonly CoveragePath[]): void {
    const known = new Set(this.paths.map((path) => path.id));
    this.paths.push(...paths.filter((path) => !known.has(path.id)));
  }

  /** One microstep of the real actor: the states it is in afterwards and the transitions it took. */
  record(snapshot: AnyMachineSnapshot, transitions: readonly AnyTransitionDefinition[]): void {
    for (const node of snapshot._nodes) if (node.parent) this.states.add(node.id);
    for (const transition of transitions) {
      this.transitions.add(transitionKey(transition));
      // A state left at once (a start state with only `always` ways out) is in no snapshot; the transition taken
      // out of it proves it was entered, with its ancestors.
      for (let node = transition.source; node.parent; node = node.parent) this.states.add(node.id);
    }
  }

  summary(): CoverageSummary {
    const { states, transitions } = this.definition;
    const missingStates = states.filter((state) => !this.states.has(state.id));
    const missingTransitions = transitions.filter((transition) => !this.transitions.has(transition.key));
    return {
      machine: this.machine,
      states: {
        covered: states.length - missingStates.length,
        total: states.length,
        missing: missingStates.map((state) => state.path),
      },
      transitions: {
        covered: transitions.length - missingTransitions.length,
        total: transitions.length,
        missing: missingTransitions.map((transition) => transitionLabel(transition, this.definition)),
      },
    };
  }

  toRecord(testFile: string | undefined): CoverageRecord {
    return {
      machine: this.machine,
      testFile,
      states: {
        all: Object.fromEntries(this.definition.states.map((state) => [state.id, state.path])),
        covered: [...this.states],
      },
      transitions: {
        all: Object.fromEntries(
          this.definition.transitions.map((transition) => [
            transition.key,
            transitionLabel(transition, this.definition),
          ]),
        ),
        covered: [...this.transitions],
      },
      paths: this.paths,
      samples: this.samples,
    };
  }

  /**
   * Writes this model's coverage so far for the global teardown (model project only; elsewhere, e.g. the
   * harness's own tests in the web project, nothing is written). Called after every replayed path, so a file
   * that crashes halfway still reports what it covered.
   */
  persist(): void {
    const dir = inject('modelCoverageDir');
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const testFile = expectTestPath();
    writeFileSync(join(dir, this.recordFile), JSON.stringify(this.toRecord(testFile)));
  }
}

/** Whether this model run was filtered by test name (`-t <path id>`): coverage gates are for full runs only. */
export function runIsFiltered(): boolean {
  try {
    return inject('modelRunFiltered') === true;
  } catch {
    return false;
  }
}

function expectTestPath(): string | undefined {
  try {
    return expect.getState().testPath;
  } catch {
    return undefined;
  }
}

export function isComplete(summary: CoverageSummary): boolean {
  return (
    summary.states.covered === summary.states.total &&
    summary.transitions.covered === summary.transitions.total
  );
}

export function coverageFailureMessage(summary: CoverageSummary): string {
  const lines = [`Model coverage of '${summary.machine}' is incomplete.`];
  if (summary.states.missing.length)
    lines.push(
      `States never entered (${summary.states.missing.length}):`,
      ...summary.states.missing.map(indent),
    );
  if (summary.transitions.missing.length)
    lines.push(
      `Transitions never taken (${summary.transitions.missing.length}):`,
      ...summary.transitions.missing.map(indent),
    );
  lines.push(
    'Add event samples (modelFor events) that let the model reach them, or run every path of model.paths().',
  );
  return lines.join('\n');
}

const indent = (line: string) => `  - ${line}`;

/** Reads every record of a run and merges them per machine (union of what was covered). */
export function readRecords(dir: string): CoverageRecord[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CoverageRecord);
}

export interface MergedCoverage extends CoverageSummary {
  testFiles: string[];
  /** Samples some model of the machine lists but none of its models can send. */
  unusedSamples: string[];
}

export function mergeRecords(records: readonly CoverageRecord[]): MergedCoverage[] {
  const byMachine = new Map<string, CoverageRecord[]>();
  for (const record of records)
    byMachine.set(record.machine, [...(byMachine.get(record.machine) ?? []), record]);
  return [...byMachine.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([machine, group]) => {
      const count = (pick: (record: CoverageRecord) => CoverageRecord['states']): CoverageCount => {
        const all = Object.assign({}, ...group.map((record) => pick(record).all)) as Record<string, string>;
        const covered = new Set(group.flatMap((record) => pick(record).covered));
        const missing = Object.keys(all).filter((key) => !covered.has(key));
        return {
          covered: Object.keys(all).length - missing.length,
          total: Object.keys(all).length,
          missing: missing.map((key) => all[key] ?? key),
        };
      };
      const testFiles = [
        ...new Set(group.map((record) => record.testFile).filter((file) => file !== undefined)),
      ];
      const offered = new Set(group.flatMap((record) => record.samples?.offered ?? []));
      const declared = new Set(group.flatMap((record) => record.samples?.declared ?? []));
      return {
        machine,
        states: count((record) => record.states),
        transitions: count((record) => record.transitions),
        testFiles: testFiles.sort(),
        unusedSamples: [...declared].filter((key) => !offered.has(key)),
      };
    });
}

const percent = ({ covered, total }: CoverageCount) =>
  `${total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10}%`;

/** A plain-text table, one row per machine: states and transitions covered / total. */
export function formatCoverageTable(rows: readonly CoverageSummary[]): string {
  const header = ['machine', 'states', '%', 'transitions', '%'];
  const body = rows.map((row) => [
    row.machine,
    `${row.states.covered}/${row.states.total}`,
    percent(row.states),
    `${row.transitions.covered}/${row.transitions.total}`,
    percent(row.transitions),
  ]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...body.map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(format)].join(
    '\n',
  );
}
