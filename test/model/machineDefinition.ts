/**
 * The states and transitions of a machine, read from its definition (`machine.root`), not from a hand-made copy.
 * Model coverage counts against this list and the diagram export draws it, so both describe the same machine.
 */
import { type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, and, not, or } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StateInfo {
  /** Unique id (`machineId.path.to.state`, or the config's own `id`). */
  id: string;
  /** Dotted path from the root ('pending', 'form.editing'): what `snapshot.matches()` takes. */
  path: string;
  key: string;
  kind: StateKind;
  parentId: string | undefined;
  /** Key of the initial child of a compound state. */
  initial: string | undefined;
  description: string | undefined;
  tags: string[];
  /** Child state ids, in document order. */
  children: string[];
}

export type TransitionKind =
  | 'on'
  | 'always'
  | 'after'
  | 'done.actor'
  | 'error.actor'
  | 'done.state'
  | 'snapshot';

export interface TransitionInfo {
  /** Stable key: `<source id>::<event descriptor or 'always'>::<index among the candidates>`. */
  key: string;
  sourceId: string;
  /** Event descriptor ('form.submit', 'xstate.done.actor.request', ...); '' for `always`. */
  eventType: string;
  kind: TransitionKind;
  /** Guard label (name, `and(a, b)`, `not(a)`), when the transition is guarded. */
  guard: string | undefined;
  /** Target state ids; empty for a transition that stays (actions only). */
  targetIds: string[];
  /** Invoke id for done/error/snapshot actor events. */
  actorId: string | undefined;
  /** Delay (ms or delay name) of an `after` transition. */
  delay: number | string | undefined;
}

export interface MachineDefinition {
  machineId: string;
  /** Every state node below the root, in document order. */
  states: StateInfo[];
  /** Every transition candidate (each guarded alternative counts), in document order. */
  transitions: TransitionInfo[];
}

const ALWAYS = 'always';

/** The key of a transition definition, as used by coverage (works on machines made by `provide()` too). */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const eventType = transition.eventType;
  const siblings = eventType ? source.transitions.get(eventType) : source.always;
  const index = siblings ? siblings.indexOf(transition) : -1;
  return `${source.id}::${eventType || ALWAYS}::${index}`;
}

/** XState's built-in guards, known by their `check` (a minifier renames the functions: `and` becomes `t`). */
const checkOf = (guard: unknown) => (guard as { check?: unknown }).check;
const BUILT_IN = new Map<unknown, string>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('')), 'not'],
]);

export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const builtIn = BUILT_IN.get(checkOf(guard));
    // Higher-order guards (and, or, not) are functions carrying the guards they combine.
    const combined = (guard as { guards?: unknown[] }).guards;
    if (builtIn && Array.isArray(combined)) return `${builtIn}(${combined.map(guardLabel).join(', ')})`;
    return guard.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function kindOf(eventType: string, transition: AnyTransitionDefinition): TransitionKind {
  if (!eventType) return 'always';
  if ('delay' in transition && transition.delay !== undefined) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  if (eventType.startsWith('xstate.snapshot.')) return 'snapshot';
  return 'on';
}

/**
 * A transition with no target, no actions and no reentry does nothing at all (a "forbidden" transition that only
 * stops an event from bubbling up); it is not something a path can be seen to take, so it is not counted.
 */
function isInert(transition: AnyTransitionDefinition): boolean {
  return !transition.target?.length && !transition.actions.length && !transition.reenter;
}

function describeTransition(transition: AnyTransitionDefinition): TransitionInfo {
  const eventType = transition.eventType;
  const kind = kindOf(eventType, transition);
  const actorId =
    kind === 'done.actor' || kind === 'error.actor'
      ? eventType.replace(/^xstate\.(done|error)\.actor\./, '')
      : kind === 'snapshot'
        ? eventType.replace(/^xstate\.snapshot\./, '')
        : undefined;
  return {
    key: transitionKey(transition),
    sourceId: transition.source.id,
    eventType,
    kind,
    guard: guardLabel(transition.guard),
    targetIds: (transition.target ?? []).map((target) => target.id),
    actorId,
    delay: kind === 'after' ? (transition as { delay?: number | string }).delay : undefined,
  };
}

function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  const fromEvents = [...node.transitions.values()].flat();
  return [...fromEvents, ...(node.always ?? [])].filter((transition) => !isInert(transition));
}

function describeState(node: AnyStateNode): StateInfo {
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  return {
    id: node.id,
    path: node.path.join('.'),
    key: node.key,
    kind: node.type as StateKind,
    parentId: node.parent && node.parent.parent !== undefined ? node.parent.id : undefined,
    initial: initialTarget?.key,
    description: node.description,
    tags: [...node.tags],
    children: Object.values(node.states).map((child) => child.id),
  };
}

/** Walks `machine.root` depth-first in document order. */
export function describeMachine(machine: AnyStateMachine): MachineDefinition {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const visit = (node: AnyStateNode) => {
    if (node.parent) states.push(describeState(node));
    transitions.push(...ownTransitions(node).map(describeTransition));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return { machineId: machine.id, states, transitions };
}

/** The root's own info (id, initial child, description), for diagrams. */
export function describeRoot(
  machine: AnyStateMachine,
): Pick<StateInfo, 'id' | 'initial' | 'description' | 'kind'> {
  const root = machine.root;
  return {
    id: root.id,
    initial: root.type === 'compound' ? root.initial?.target?.[0]?.key : undefined,
    description: root.description,
    kind: root.type as StateKind,
  };
}

/** Human label of a transition: `pending → loaded on xstate.done.actor.request [guard]`. */
export function transitionLabel(transition: TransitionInfo, definition: MachineDefinition): string {
  const pathOf = (id: string) => definition.states.find((state) => state.id === id)?.path ?? id;
  const targets = transition.targetIds.length ? transition.targetIds.map(pathOf).join(', ') : '(stays)';
  const event = transition.eventType || 'always';
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  return `${pathOf(transition.sourceId) || '(root)'} → ${targets} on ${event}${guard}`;
}

/** How a diagram labels a transition: 'form.submit [isValid]', 'login done', 'after 3000 ms', 'always'. */
export function eventLabel(transition: TransitionInfo): string {
  const event = (() => {
    switch (transition.kind) {
      case 'always':
        return 'always';
      case 'after':
        return typeof transition.delay === 'number'
          ? `after ${transition.delay} ms`
          : `after ${transition.delay}`;
      case 'done.actor':
        return `${transition.actorId} done`;
      case 'error.actor':
        return `${transition.actorId} failed`;
      case 'done.state':
        return 'done';
      default:
        return transition.eventType;
    }
  })();
  return transition.guard ? `${event} [${transition.guard}]` : event;
}
