/**
 * What the flow explorer knows of each machine: the machine of machines/registry.ts, read from its definition
 * (the same source as `npm run diagrams`), and its coverage from the last full model run (docs/coverage/model.json).
 */
import type { AnyStateMachine } from 'xstate';
import report from '../../docs/coverage/model.json';
import { type MachineName, machines } from '../../machines/registry';
import type { MachineCoverage, ModelCoverageReport } from '../../test/model/coverageReport';
import { describeMachine, describeRoot, type MachineDefinition } from '../../test/model/machineDefinition';

export const coverageReport = report as ModelCoverageReport;

export interface FlowEntry {
  name: MachineName;
  machine: AnyStateMachine;
  definition: MachineDefinition;
  /** The machine's own description (its spec clause). */
  description: string | undefined;
  /** undefined: no model run has covered it yet. */
  coverage: MachineCoverage | undefined;
}

const cache = new Map<string, FlowEntry>();

export const flowNames = Object.keys(machines) as MachineName[];

export const isFlowName = (name: string): name is MachineName => Object.hasOwn(machines, name);

export function flowEntry(name: MachineName): FlowEntry {
  let entry = cache.get(name);
  if (!entry) {
    const machine = machines[name] as AnyStateMachine;
    entry = {
      name,
      machine,
      definition: describeMachine(machine),
      description: describeRoot(machine).description,
      coverage: coverageReport.machines.find((row) => row.machine === name),
    };
    cache.set(name, entry);
  }
  return entry;
}

/** '8/8' and the share, rounded down like the model run's own table. */
export function coverageShare({ covered, total }: { covered: number; total: number }): number {
  return total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;
}
