import type { AnyStateMachine } from 'xstate';
import { flowDifferences, flowRecordOf, readFlowRecord } from '../../scripts/agreedFlows';

/**
 * What a flow now does differently from its agreed flow, the committed docs/flows/<machine>.md the product owner
 * approved (docs/decisions/conventions.md: The committed flow is the agreed flow): the same sentences
 * `npm run diagrams:check` fails with, and the states that are new, which the diagram draws highlighted. Empty
 * once the change is approved (`npm run diagrams`); a machine with no record has every state new.
 */
export interface FlowChanges {
  /** 'state review.done (atomic) is new', 'event form.submit from state editing now goes to …'. */
  sentences: string[];
  /** Dotted paths of the states the agreed flow does not have. */
  added: ReadonlySet<string>;
}

/** The records, in the explorer's lazy chunk only (each loaded when its flow is shown). */
const records = import.meta.glob<string>('../../docs/flows/*.md', { query: '?raw', import: 'default' });

/** The changes of `machine` against an agreed record (its Markdown), or against none. */
export function changesBetween(
  name: string,
  agreed: string | undefined,
  machine: AnyStateMachine,
): FlowChanges {
  const current = flowRecordOf(machine);
  if (agreed === undefined)
    return { sentences: ['no agreed flow yet: every state is new'], added: new Set(current.states.keys()) };
  const record = readFlowRecord(agreed);
  return {
    sentences: flowDifferences(name, record, current).map((sentence) =>
      sentence.replace(/^machine \S+: /, ''),
    ),
    added: new Set([...current.states.keys()].filter((path) => !record.states.has(path))),
  };
}

export async function changesAgainstAgreed(name: string, machine: AnyStateMachine): Promise<FlowChanges> {
  const load = records[`../../docs/flows/${name}.md`];
  return changesBetween(name, load ? await load() : undefined, machine);
}
