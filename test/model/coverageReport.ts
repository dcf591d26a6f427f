/**
 * The coverage report a full `npm run test:model` writes to docs/coverage/model.json: per machine, the states
 * and transitions its model tests covered against the total read from the machine, what they missed, and the
 * paths they walked. The flow explorer (/flows) shows it and marks in red what no path covers.
 * Browser-safe: types and a pure function only (the global setup does the file work).
 */
import type { CoveragePath, CoverageRecord } from './coverage';

export interface MachineCoverage {
  machine: string;
  states: {
    covered: number;
    total: number;
    /** Dotted paths ('enteringCode', 'form.editing') of the states no path entered. */
    missing: string[];
  };
  transitions: {
    covered: number;
    total: number;
    /** Transitions no path took: their key (test/model/machineDefinition.ts transitionKey) and a label. */
    missing: Array<{ key: string; label: string }>;
  };
  paths: CoveragePath[];
  /** Model test files, relative to the project root. */
  testFiles: string[];
}

export interface ModelCoverageReport {
  /** When the run ended (ISO 8601). */
  ranAt: string;
  machines: MachineCoverage[];
}

/** Merges the records of one run per machine (union of what was covered, every path once), by machine name. */
export function coverageReport(
  records: readonly CoverageRecord[],
  { ranAt, relativePath }: { ranAt: Date; relativePath: (file: string) => string },
): ModelCoverageReport {
  const byMachine = new Map<string, CoverageRecord[]>();
  for (const record of records)
    byMachine.set(record.machine, [...(byMachine.get(record.machine) ?? []), record]);
  const machines = [...byMachine.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([machine, unordered]): MachineCoverage => {
      // Records come in no particular order (one file per model, random names): sorted, a report differs from the
      // last one only where the machines or their tests did.
      const orderOf = (record: CoverageRecord) =>
        `${record.testFile ?? ''}\u0000${record.paths?.[0]?.description ?? ''}`;
      const group = [...unordered].sort((a, b) => orderOf(a).localeCompare(orderOf(b)));
      const count = (pick: (record: CoverageRecord) => CoverageRecord['states']) => {
        const all = Object.assign({}, ...group.map((record) => pick(record).all)) as Record<string, string>;
        const covered = new Set(group.flatMap((record) => pick(record).covered));
        const missing = Object.keys(all).filter((key) => !covered.has(key));
        return {
          covered: Object.keys(all).length - missing.length,
          total: Object.keys(all).length,
          missing,
          all,
        };
      };
      const states = count((record) => record.states);
      const transitions = count((record) => record.transitions);
      const seen = new Set<string>();
      const paths = group
        .flatMap((record) => record.paths ?? [])
        .filter((path) => {
          const signature = JSON.stringify(path);
          if (seen.has(signature)) return false;
          seen.add(signature);
          return true;
        });
      const testFiles = [
        ...new Set(group.map((record) => record.testFile).filter((file) => file !== undefined)),
      ]
        .map(relativePath)
        .sort();
      return {
        machine,
        states: {
          covered: states.covered,
          total: states.total,
          missing: states.missing.map((id) => states.all[id] ?? id),
        },
        transitions: {
          covered: transitions.covered,
          total: transitions.total,
          missing: transitions.missing.map((key) => ({ key, label: transitions.all[key] ?? key })),
        },
        paths,
        testFiles,
      };
    });
  return { ranAt: ranAt.toISOString(), machines };
}
