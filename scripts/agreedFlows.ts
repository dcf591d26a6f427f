/**
 * The agreed flow of a machine: its states (kind, initial, tags) and transitions (source, event, guard, targets),
 * as the product owner approved them in the committed docs/flows/<name>.md. `npm run diagrams:check` compares the
 * machine with it and names each difference ("machine login: event form.submit from state editingPassword now
 * goes to X, agreed Y"), so a changed transition fails the check until `npm run diagrams` writes the new record
 * and the change is reviewed (docs/decisions/conventions.md: The committed flow is the agreed flow).
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine, eventLabel } from '../test/model/machineDefinition';

interface AgreedState {
  /** 'atomic', 'compound', 'parallel', 'final', 'history'. */
  kind: string;
  /** Its parent (or the machine) starts in it. */
  initial: boolean;
  tags: string[];
}

interface AgreedTransition {
  from: string;
  /** The event with its guard, as the diagram labels it: 'form.submit [isValid]'. */
  event: string;
  to: string;
}

export interface FlowRecord {
  states: Map<string, AgreedState>;
  transitions: AgreedTransition[];
}

/** What the Kind column says: 'atomic', 'compound, initial (busy, step:email)'. */
export function kindCell(kind: string, initial: boolean, tags: string[]): string {
  return `${kind}${initial ? ', initial' : ''}${tags.length ? ` (${tags.join(', ')})` : ''}`;
}

function parseKind(cell: string): AgreedState {
  const match = /^([^,(]+?)(, initial)?(?: \((.*)\))?$/.exec(cell.trim());
  if (!match) return { kind: cell.trim(), initial: false, tags: [] };
  return { kind: match[1] ?? '', initial: Boolean(match[2]), tags: match[3] ? match[3].split(', ') : [] };
}

/** The machine as its record would say it (the same words as the tables of docs/flows/<name>.md). */
export function flowRecordOf(machine: AnyStateMachine): FlowRecord {
  const definition = describeMachine(machine);
  const byId = new Map(definition.states.map((state) => [state.id, state]));
  const rootInitial = machine.root.type === 'compound' ? machine.root.initial?.target?.[0]?.key : undefined;
  const pathOf = (id: string) => byId.get(id)?.path ?? '(machine)';
  const states = new Map<string, AgreedState>();
  for (const state of definition.states) {
    const parentInitial = state.parentId ? byId.get(state.parentId)?.initial : rootInitial;
    states.set(state.path, parseKind(kindCell(state.kind, parentInitial === state.key, state.tags)));
  }
  const transitions = definition.transitions.map((transition) => ({
    from: pathOf(transition.sourceId),
    event: eventLabel(transition),
    to: transition.targetIds.length ? transition.targetIds.map(pathOf).join(', ') : '(stays)',
  }));
  return { states, transitions };
}

/** The cells of a Markdown table row, with '\|' read back as '|' and the code marks dropped. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((text) => text.trim().replace(/\\\|/g, '|').replace(/^`|`$/g, ''));
}

function tableAfter(markdown: string, heading: RegExp): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return [];
  const rows: string[][] = [];
  // Heading, blank line, header row, separator row, then the rows until the first line that is not one.
  for (const line of lines.slice(start + 4)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

/** The record kept in a committed docs/flows/<name>.md. */
export function readFlowRecord(markdown: string): FlowRecord {
  const states = new Map<string, AgreedState>();
  for (const [path = '', kind = ''] of tableAfter(markdown, /^## States \(/))
    states.set(path, parseKind(kind));
  const transitions = tableAfter(markdown, /^## Transitions \(/).map(([from = '', event = '', to = '']) => ({
    from,
    event,
    to,
  }));
  return { states, transitions };
}

const bareEvent = (event: string) => event.replace(/ \[.*\]$/, '');
const stateName = (path: string) => (path === '(machine)' ? 'any state' : `state ${path}`);

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Every way the machine differs from its agreed flow, one sentence each, in the record's order: states added,
 * removed or changed; transitions whose target changed, that are new or gone; guarded alternatives tried in
 * another order (the first whose guard holds is taken, so the order is part of the flow).
 */
export function flowDifferences(name: string, agreed: FlowRecord, current: FlowRecord): string[] {
  const out: string[] = [];
  const say = (text: string) => out.push(`machine ${name}: ${text}`);

  for (const [path, state] of agreed.states) {
    const now = current.states.get(path);
    if (!now) {
      say(`state ${path} is gone (agreed ${state.kind})`);
      continue;
    }
    if (now.kind !== state.kind) say(`state ${path} is now ${now.kind}, agreed ${state.kind}`);
    if (now.initial !== state.initial)
      say(
        `state ${path} is now ${now.initial ? '' : 'not '}initial, agreed ${state.initial ? '' : 'not '}initial`,
      );
    if (now.tags.join(', ') !== state.tags.join(', '))
      say(`state ${path} now has tags [${now.tags.join(', ')}], agreed [${state.tags.join(', ')}]`);
  }
  for (const [path, state] of current.states)
    if (!agreed.states.has(path))
      say(`state ${path} (${state.kind}${state.initial ? ', initial' : ''}) is new`);

  const key = (transition: AgreedTransition) => `${transition.from}\u0000${transition.event}`;
  const agreedByKey = groupBy(agreed.transitions, key);
  const currentByKey = groupBy(current.transitions, key);
  for (const [at, list] of agreedByKey) {
    const now = currentByKey.get(at) ?? [];
    list.forEach((transition, index) => {
      const { from, event } = transition;
      const target = now[index]?.to;
      if (target === undefined) say(`event ${event} from ${stateName(from)} (to ${transition.to}) is gone`);
      else if (target !== transition.to)
        say(`event ${event} from ${stateName(from)} now goes to ${target}, agreed ${transition.to}`);
    });
    for (const transition of now.slice(list.length))
      say(`event ${transition.event} from ${stateName(transition.from)} to ${transition.to} is new`);
  }
  for (const [at, list] of currentByKey)
    if (!agreedByKey.has(at))
      for (const transition of list)
        say(`event ${transition.event} from ${stateName(transition.from)} to ${transition.to} is new`);

  // The same alternatives in another order: only worth saying when nothing above already explains it.
  if (!out.length) {
    const alternatives = (record: FlowRecord) =>
      groupBy(record.transitions, (transition) => `${transition.from}\u0000${bareEvent(transition.event)}`);
    const agreedOrder = alternatives(agreed);
    for (const [at, list] of alternatives(current)) {
      const was = agreedOrder.get(at)?.map((transition) => transition.event) ?? [];
      const is = list.map((transition) => transition.event);
      if (is.join('\n') !== was.join('\n'))
        say(
          `event ${bareEvent(is[0] ?? '')} from ${stateName(list[0]?.from ?? '')} now tries ${is.join(', then ')}; agreed ${was.join(', then ')}`,
        );
    }
  }
  return out;
}
