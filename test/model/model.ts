/**
 * `modelFor(machine, options)`: the model of a production machine, its covering paths and its coverage.
 * See test/model/README.md for the whole harness and a usage example.
 */
import type {
  AnyActorLogic,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { machines } from '../../machines/registry';
import {
  type CoverageSummary,
  CoverageTracker,
  coverageFailureMessage,
  isComplete,
  runIsFiltered,
} from './coverage';
import { defaultSerializeState, formatEvent, formatStateValue } from './format';
import {
  buildGraph,
  coveringPaths,
  type GraphPath,
  type ModelGraph,
  reachable,
  type SampleMap,
  sampleKey,
} from './graph';
import { describeMachine, type MachineDefinition, transitionLabel } from './machineDefinition';
import { pathId } from './pathId';

export { defaultSerializeState, formatEvent, formatStateValue };

/** Samples of one event type: a list, or a function of the snapshot in which the event is offered. */
export type Samples<TMachine extends AnyStateMachine, TSample> =
  | ReadonlyArray<TSample>
  | ((snapshot: SnapshotFrom<TMachine>) => ReadonlyArray<TSample>);

type OwnEventSamples<TMachine extends AnyStateMachine, TEvent extends EventObject> = {
  [K in TEvent['type']]?: Samples<TMachine, Omit<Extract<TEvent, { type: K }>, 'type'>>;
};

/** Outcomes of invoked actors (by invoke id) and the machine's own events, each with the samples to try. */
export type EventSamples<TMachine extends AnyStateMachine> = OwnEventSamples<
  TMachine,
  EventFromLogic<TMachine>
> & {
  [key: `xstate.done.actor.${string}`]: Samples<TMachine, { output: unknown }> | undefined;
  [key: `xstate.error.actor.${string}`]: Samples<TMachine, { error: unknown }> | undefined;
};

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /**
   * Samples per event type. An event without samples is sent as `{ type }` (a done without output, an error
   * without payload); an empty list keeps the event out of the model.
   */
  events?: EventSamples<TMachine>;
  input?: InputFrom<TMachine>;
  /** Name in coverage reports; defaults to the machine's key in machines/registry.ts, else its id. */
  name?: string;
  /** Actor slots to keep real (given here); every other slot becomes a deferred fake the paths settle. */
  actors?: Record<string, AnyActorLogic>;
  /** Actions, guards and delays to provide (e.g. a fake for a whole-page redirect effect). */
  implementations?: { actions?: object; guards?: object; delays?: object };
  /** What makes two snapshots "the same state" for the traversal; default: value, context and status. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Most snapshots the traversal may visit (default 5000). */
  limit?: number;
  /**
   * 'covering' (default): few paths that together enter every state and take every transition.
   * 'everySnapshot': also a shortest path to every distinct snapshot (value and context), e.g. every locale loaded.
   */
  paths?: 'covering' | 'everySnapshot';
  /**
   * The event type to send after the path that walks a sample, where the snapshot offers it (undefined: nothing),
   * e.g. Next after a field's boundary samples (`lengthBoundaries`, samples.ts): they then reach the guard that
   * judges them, so the screen shows what the limit decides (refused with the field's message, or sent on).
   */
  thenSend?: (sample: EventObject) => string | undefined;
}

export interface ModelStep {
  event: EventObject;
  /** The snapshot the model says the event leads to. */
  state: AnyMachineSnapshot;
  stateKey: string;
}

export interface ModelPath {
  /** Stable id (test/model/pathId.ts): a hash of the model's name, input and events, not the path's position. */
  id: string;
  /** The id, then the walk: `3f09c1a2b7 idle → request.start → pending → request failed → rejected`. */
  description: string;
  steps: ModelStep[];
}

export interface Model<TMachine extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: TMachine;
  options: ModelOptions<TMachine>;
  definition: MachineDefinition;
  graph: ModelGraph;
  /** Real-actor coverage of every path replayed so far (runOnMachine and runOnScreen both add to it). */
  coverage: CoverageTracker;
  initialKey: string;
  serialize(snapshot: AnyMachineSnapshot): string;
  /** Paths that enter every reachable state and take every reachable transition. */
  paths(): ModelPath[];
  /** Dotted paths of atomic/final states a path can rest in; each needs a screen assertion. */
  restingStates(): string[];
  summary(): CoverageSummary;
}

function registryName(machine: AnyStateMachine): string | undefined {
  return Object.entries(machines as Record<string, AnyStateMachine>).find(
    ([, known]) => known === machine,
  )?.[0];
}

function toModelPath(path: GraphPath, model: string, input: unknown, initial: AnyMachineSnapshot): ModelPath {
  const parts = [formatStateValue(initial.value)];
  for (const edge of path.edges) parts.push(formatEvent(edge.event), formatStateValue(edge.state.value));
  const id = pathId(
    model,
    input,
    path.edges.map((edge) => edge.event),
  );
  return {
    id,
    description: `${id} ${parts.join(' → ')}`,
    steps: path.edges.map((edge) => ({ event: edge.event, state: edge.state, stateKey: edge.to })),
  };
}

/**
 * The model of a production machine: its definition, its reachable graph under the given event samples, the
 * paths that cover it, and a coverage tracker fed by replaying those paths on real actors.
 */
export function modelFor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine> = {},
): Model<TMachine> {
  const name = options.name ?? registryName(machine) ?? machine.id;
  const definition = describeMachine(machine);
  const serialize = (options.serializeState ?? defaultSerializeState) as (s: AnyMachineSnapshot) => string;
  // The graph sees the same guards and delays as the real actor; actors are events here, so they stay as they are.
  const modelled = options.implementations
    ? (machine.provide as (implementations: object) => AnyStateMachine)(options.implementations)
    : machine;
  const graph = buildGraph(modelled, {
    samples: (options.events ?? {}) as SampleMap,
    input: options.input,
    serializeState: serialize,
    limit: options.limit ?? 5000,
  });
  const coverage = new CoverageTracker(name, definition);
  coverage.samples = listedSamples(graph, options.events ?? {});
  let paths: ModelPath[] | undefined;

  return {
    name,
    machine,
    options,
    definition,
    graph,
    coverage,
    initialKey: graph.initialKey,
    serialize,
    paths() {
      paths ??= coveringPaths(graph, {
        states: definition.states.map((state) => state.id),
        transitions: definition.transitions.map((transition) => transition.key),
        everySnapshot: options.paths === 'everySnapshot',
        thenSend: options.thenSend,
      }).map((path) => toModelPath(path, name, options.input, graph.initial));
      // A second model of a machine replays on the first one's tracker ({ ...modelFor(…), coverage: first.coverage }):
      // its paths go there too, so the report knows their machine and events.
      (this?.coverage ?? coverage).addPaths(
        paths.map((path) => ({
          id: path.id,
          description: path.description,
          events: path.steps.map((step) => formatEvent(step.event, { full: true })),
        })),
      );
      return paths;
    },
    restingStates() {
      const resting = new Set<string>();
      for (const snapshot of graph.snapshots.values())
        for (const node of snapshot._nodes)
          if (node.type === 'atomic' || node.type === 'final') resting.add(node.path.join('.'));
      // States the graph never reaches still need an assertion: they are states of the screen all the same.
      const reached = reachable(graph).states;
      for (const state of definition.states)
        if ((state.kind === 'atomic' || state.kind === 'final') && !reached.has(state.id))
          resting.add(state.path);
      return definition.states.map((state) => state.path).filter((path) => resting.has(path));
    },
    summary() {
      return coverage.summary();
    },
  };
}

/**
 * The samples given as lists (a function of the snapshot is only ever offered where it applies) and which of them
 * the graph offers somewhere: one never offered can be sent by no path, so it tests nothing (a typo in its type,
 * or a state these samples never reach). Judged per machine over all its models at the end of the run.
 */
function listedSamples(graph: ModelGraph, events: object): { declared: string[]; offered: string[] } {
  const offered = new Set(graph.edges.map((edge) => sampleKey(edge.event)));
  const declared = Object.entries(events).flatMap(([type, given]) =>
    Array.isArray(given) ? given.map((sample: object) => sampleKey({ ...sample, type })) : [],
  );
  return { declared, offered: declared.filter((key) => offered.has(key)) };
}

/** Throws (listing what is missing) unless the replayed paths entered every state and took every transition. */
export function expectFullCoverage(model: Model): void {
  const summary = model.summary();
  if (isComplete(summary)) return;
  // A run filtered by test name (`-t <path id>`) replays only some paths on purpose; the gate is for full runs.
  if (runIsFiltered()) return;
  const reach = reachable(model.graph);
  const unreachable = model.definition.transitions
    .filter((transition) => !reach.transitions.has(transition.key))
    .map((transition) => transitionLabel(transition, model.definition));
  const hint = unreachable.length
    ? `\nWith the given samples the model graph never reaches: ${unreachable.join('; ')}`
    : '';
  throw new Error(coverageFailureMessage(summary) + hint);
}
