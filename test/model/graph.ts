/**
 * The reachable state graph of a production machine, from `xstate/graph`'s traversal, and the paths that cover it.
 *
 * `createTestModel` refuses machines with `invoke`/`after`; the traversal underneath it does not: it calls the
 * machine's pure `transition()` with a mock actor scope, where an invoked actor's outcome is simply the event
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` and a delay is `xstate.after.<delay>.<state id>`. So the
 * machine is walked as it is, with those events offered wherever the machine listens for them.
 */
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { inspectingScope } from './inspectingScope';

/** Samples per event type: a list, or a function of the snapshot the event is offered in. */
export type SampleMap = Readonly<
  Record<
    string,
    ReadonlyArray<object> | ((snapshot: AnyMachineSnapshot) => ReadonlyArray<object>) | undefined
  >
>;

export interface GraphOptions {
  samples: SampleMap;
  input: unknown;
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Most snapshots the traversal may visit; a context that grows without bound would otherwise never end. */
  limit: number;
}

export interface GraphEdge {
  from: string;
  to: string;
  event: EventObject;
  /** The snapshot the event leads to. */
  state: AnyMachineSnapshot;
  /** Transition keys the event takes, `always` ones that follow included. */
  transitions: string[];
  /** State ids entered on the way (transient states included). */
  states: string[];
}

export interface ModelGraph {
  initialKey: string;
  initial: AnyMachineSnapshot;
  /** States and transitions (eventless ones at start) of the initial snapshot. */
  initialStates: string[];
  initialTransitions: string[];
  snapshots: Map<string, AnyMachineSnapshot>;
  edges: GraphEdge[];
}

/** Events that only the machine itself raises; offering them from outside would invent transitions. */
const INTERNAL_ONLY = [/^xstate\.done\.state\./, /^xstate\.snapshot\./, /^xstate\.init$/];

function matchesDescriptor(type: string, descriptor: string): boolean {
  if (descriptor === '*') return true;
  if (descriptor.endsWith('.*')) return type.startsWith(descriptor.slice(0, -1));
  return type === descriptor;
}

/**
 * The events offered in a snapshot: every event the active states listen for, with the samples the test gave
 * for its type (a bare `{ type }` when it gave none; none at all for an empty list). Wildcard descriptors get the
 * samples of the types they match.
 */
export function eventsFor(snapshot: AnyMachineSnapshot, samples: SampleMap): EventObject[] {
  const events: EventObject[] = [];
  const seen = new Set<string>();
  const add = (event: EventObject) => {
    const serialized = JSON.stringify(event);
    if (seen.has(serialized)) return;
    seen.add(serialized);
    events.push(event);
  };
  for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot)) {
    if (INTERNAL_ONLY.some((pattern) => pattern.test(descriptor))) continue;
    const isWildcard = descriptor === '*' || descriptor.endsWith('.*');
    const types = isWildcard
      ? Object.keys(samples).filter((type) => matchesDescriptor(type, descriptor))
      : [descriptor];
    for (const type of types) {
      const entry = samples[type];
      const given = typeof entry === 'function' ? entry(snapshot) : entry;
      // No samples: the bare event. An explicit empty list: not offered at all.
      if (given) for (const sample of given) add({ ...sample, type });
      else if (!isWildcard) add({ type });
    }
  }
  return events;
}

function traverse(machine: AnyStateMachine, options: GraphOptions) {
  try {
    return getAdjacencyMap(machine, {
      input: options.input,
      events: (snapshot: AnyMachineSnapshot) => eventsFor(snapshot, options.samples),
      serializeState: (snapshot: AnyMachineSnapshot) => options.serializeState(snapshot),
      limit: options.limit,
    });
  } catch (error) {
    if (!(error instanceof Error) || !/limit exceeded/.test(error.message)) throw error;
    throw new Error(
      `The model of '${machine.id}' visits more than ${options.limit} snapshots. Context that grows without ` +
        'bound (a counter, a list, a time) makes every step a new state: give modelFor a serializeState that ' +
        'leaves it out, use fewer samples, or raise `limit`.',
    );
  }
}

export function buildGraph(machine: AnyStateMachine, options: GraphOptions): ModelGraph {
  const { actorScope, observe } = inspectingScope();
  const start = observe(() => machine.getInitialSnapshot(actorScope, options.input) as AnyMachineSnapshot);
  const initial = start.result;
  const initialStates = new Set(start.states);
  for (const node of initial._nodes) if (node.parent) initialStates.add(node.id);

  const adjacency = traverse(machine, options);

  const snapshots = new Map<string, AnyMachineSnapshot>();
  const edges: GraphEdge[] = [];
  for (const [from, { state, transitions }] of Object.entries(adjacency)) {
    snapshots.set(from, state as AnyMachineSnapshot);
    const steps = Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>;
    for (const { event, state: next } of steps) {
      // Same step again, observed: which transitions did this event take, which states did it pass through?
      const step = observe(() => machine.transition(state, event, actorScope));
      const nextSnapshot = next as AnyMachineSnapshot;
      edges.push({
        from,
        to: options.serializeState(nextSnapshot),
        event: event as EventObject,
        state: nextSnapshot,
        transitions: [...step.transitions],
        states: [...step.states],
      });
    }
  }
  return {
    initialKey: options.serializeState(initial),
    initial,
    initialStates: [...initialStates],
    initialTransitions: [...start.transitions],
    snapshots,
    edges,
  };
}

export interface GraphPath {
  edges: GraphEdge[];
}

/**
 * Paths that together enter every reachable state and take every reachable transition: for each transition
 * (then each state) not yet covered, the shortest path to it (breadth-first from the initial snapshot), plus the
 * step that takes it; then, for each sample (event type and payload) no chosen path sends, the shortest path that
 * sends it. Paths that are the start of a longer chosen path are dropped. With `everySnapshot`, a
 * shortest path to every distinct snapshot first (more paths: each context the samples produce is seen).
 */
export function coveringPaths(
  graph: ModelGraph,
  order: {
    states: string[];
    transitions: string[];
    everySnapshot?: boolean;
    /** After a sample's own path, the event type to send next where offered (ModelOptions.thenSend). */
    thenSend?: ((sample: EventObject) => string | undefined) | undefined;
  },
): GraphPath[] {
  const outgoing = new Map<string, GraphEdge[]>();
  for (const edge of graph.edges) outgoing.set(edge.from, [...(outgoing.get(edge.from) ?? []), edge]);

  // Breadth-first tree: the first edge that reaches a snapshot is on its shortest path.
  const parent = new Map<string, GraphEdge | null>([[graph.initialKey, null]]);
  const queue = [graph.initialKey];
  const reachedEdges: GraphEdge[] = [];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    for (const edge of outgoing.get(key) ?? []) {
      reachedEdges.push(edge);
      if (!parent.has(edge.to)) {
        parent.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  const pathTo = (key: string): GraphEdge[] => {
    const edges: GraphEdge[] = [];
    for (let edge = parent.get(key); edge; edge = parent.get(edge.from)) edges.unshift(edge);
    return edges;
  };

  const chosen: GraphPath[] = [];
  const coveredStates = new Set(graph.initialStates);
  const coveredTransitions = new Set(graph.initialTransitions);
  const add = (edges: GraphEdge[]) => {
    chosen.push({ edges });
    for (const edge of edges) {
      for (const state of edge.states) coveredStates.add(state);
      for (const transition of edge.transitions) coveredTransitions.add(transition);
    }
  };
  const choose = (last: GraphEdge) => add([...pathTo(last.from), last]);
  if (order.everySnapshot) {
    for (const key of parent.keys()) if (key !== graph.initialKey) add(pathTo(key));
  }
  // reachedEdges is in breadth-first order, so the first edge that does something is the nearest one.
  for (const transition of order.transitions) {
    if (coveredTransitions.has(transition)) continue;
    const edge = reachedEdges.find((candidate) => candidate.transitions.includes(transition));
    if (edge) choose(edge);
  }
  for (const state of order.states) {
    if (coveredStates.has(state)) continue;
    const edge = reachedEdges.find((candidate) => candidate.states.includes(state));
    if (edge) choose(edge);
  }
  // Every sample the model offers is walked at least once: a sample that only changes context (a differing
  // confirmation e-mail, a refusal that leaves the state as it was) takes no new transition, yet its screen still
  // has something to say. Without this it would sit in the samples file, used by no path.
  const walked = new Set(chosen.flatMap((path) => path.edges.map((edge) => sampleKey(edge.event))));
  for (const edge of reachedEdges) {
    if (walked.has(sampleKey(edge.event))) continue;
    const next = order.thenSend?.(edge.event);
    const then = next ? outgoing.get(edge.to)?.find((candidate) => candidate.event.type === next) : undefined;
    add([...pathTo(edge.from), edge, ...(then ? [then] : [])]);
    for (const step of chosen.at(-1)?.edges ?? []) walked.add(sampleKey(step.event));
  }
  const paths = dropPrefixes(chosen);
  // A machine that never moves still has one path: its start.
  return paths.length ? paths : [{ edges: [] }];
}

/** One sample: an event's type and payload, wherever it is offered. */
export const sampleKey = (event: EventObject): string => JSON.stringify(event);

function dropPrefixes(paths: GraphPath[]): GraphPath[] {
  const signature = (path: GraphPath) =>
    path.edges.map((edge) => `${edge.from}|${JSON.stringify(edge.event)}`);
  return paths.filter((path, index) => {
    const mine = signature(path);
    return !paths.some((other, otherIndex) => {
      if (otherIndex === index) return false;
      const theirs = signature(other);
      const isPrefix = mine.length <= theirs.length && mine.every((step, i) => step === theirs[i]);
      // Of two identical paths keep the first.
      return isPrefix && (mine.length < theirs.length || otherIndex < index);
    });
  });
}

/** Everything the graph can reach, to tell "not replayed" apart from "the samples never get there". */
export function reachable(graph: ModelGraph): { states: Set<string>; transitions: Set<string> } {
  const states = new Set(graph.initialStates);
  const transitions = new Set(graph.initialTransitions);
  for (const edge of graph.edges) {
    for (const state of edge.states) states.add(state);
    for (const transition of edge.transitions) transitions.add(transition);
  }
  return { states, transitions };
}
