/**
 * A state's screen as the model reaches it: the shortest path of the model graph (the same traversal and event
 * samples as the machine's model test, test/model/graph.ts) from the start to the first snapshot in that state,
 * then the path replayed on a real actor of the production machine whose calls are deferred fakes that the path
 * settles, and whose delays fire on a hand-driven clock (test/model/fakes.ts). Nothing reaches the network.
 */
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
} from 'xstate';
import { createFakeActors, flushPromises, ManualClock } from '../../test/model/fakes';
import { defaultSerializeState, formatEvent, formatStateValue } from '../../test/model/format';
import { buildGraph, type GraphEdge, type SampleMap } from '../../test/model/graph';
import type { ModelOptions } from '../../test/model/model';

/** How the explorer runs a machine: the model test's samples plus what stands in for its effects. */
export interface ReplayOptions {
  samples: Pick<ModelOptions<AnyStateMachine>, 'input' | 'events' | 'serializeState' | 'limit'>;
  /** Effects (redirects, storage) as no-ops, guards or delays, like the model test provides them. */
  implementations?: { actions?: object; guards?: object; delays?: object };
  /** Actor slots kept real (a child machine whose own screen is part of this one); the rest are fakes. */
  actors?: Record<string, AnyActorLogic>;
}

export interface PathStep {
  event: EventObject;
  /** 'field.change {"field":"email",…}', 'login done'. */
  label: string;
  /** The state value the step leads to, readable. */
  state: string;
  /** Dotted paths of every state the step leads into (ancestors too): what a shared path marks on the diagram. */
  statePaths: string[];
}

const statePathsOf = (snapshot: AnyMachineSnapshot) =>
  snapshot._nodes.filter((node) => node.parent).map((node) => node.path.join('.'));

const graphs = new WeakMap<AnyStateMachine, ReturnType<typeof buildGraph>>();

function graphOf(machine: AnyStateMachine, options: ReplayOptions) {
  let graph = graphs.get(machine);
  if (!graph) {
    const modelled = options.implementations
      ? (machine.provide as (implementations: object) => AnyStateMachine)(options.implementations)
      : machine;
    graph = buildGraph(modelled, {
      samples: (options.samples.events ?? {}) as SampleMap,
      input: options.samples.input,
      serializeState: (options.samples.serializeState ?? defaultSerializeState) as (
        s: AnyMachineSnapshot,
      ) => string,
      limit: options.samples.limit ?? 5000,
    });
    graphs.set(machine, graph);
  }
  return graph;
}

/** Dotted paths of the states the model starts in (ancestors too): where a path's first step comes from. */
export function startStatePaths(machine: AnyStateMachine, options: ReplayOptions): string[] {
  return statePathsOf(graphOf(machine, options).initial);
}

/**
 * The events of the shortest path to the first snapshot that `matches(statePath)`; [] when the start is in it,
 * undefined when the model's samples never get there.
 */
export function shortestPathTo(
  machine: AnyStateMachine,
  options: ReplayOptions,
  statePath: string,
): PathStep[] | undefined {
  const graph = graphOf(machine, options);
  const outgoing = new Map<string, GraphEdge[]>();
  for (const edge of graph.edges) outgoing.set(edge.from, [...(outgoing.get(edge.from) ?? []), edge]);
  const inState = (snapshot: AnyMachineSnapshot) => snapshot.matches(statePath as never);
  if (inState(graph.initial)) return [];
  const parent = new Map<string, GraphEdge | null>([[graph.initialKey, null]]);
  const queue = [graph.initialKey];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    for (const edge of outgoing.get(key) ?? []) {
      if (parent.has(edge.to)) continue;
      parent.set(edge.to, edge);
      if (inState(edge.state)) {
        const edges: GraphEdge[] = [];
        for (let step: GraphEdge | null | undefined = edge; step; step = parent.get(step.from))
          edges.unshift(step);
        return edges.map((step) => ({
          event: step.event,
          label: formatEvent(step.event),
          state: formatStateValue(step.state.value),
          statePaths: statePathsOf(step.state),
        }));
      }
      queue.push(edge.to);
    }
  }
  return undefined;
}

/**
 * A path of the model run (docs/coverage/model.json: its events, each with its whole payload) walked on the
 * explorer's graph: the steps and the state it ends in, or undefined when the graph has no such walk (the machine
 * or its samples changed since that run).
 */
export function followPath(
  machine: AnyStateMachine,
  options: ReplayOptions,
  events: readonly string[],
): { steps: PathStep[]; statePath: string; start: string[] } | undefined {
  const graph = graphOf(machine, options);
  let key = graph.initialKey;
  let snapshot = graph.initial;
  const steps: PathStep[] = [];
  for (const event of events) {
    const edge = graph.edges.find(
      (candidate) => candidate.from === key && formatEvent(candidate.event, { full: true }) === event,
    );
    if (!edge) return undefined;
    steps.push({
      event: edge.event,
      label: formatEvent(edge.event),
      state: formatStateValue(edge.state.value),
      statePaths: statePathsOf(edge.state),
    });
    key = edge.to;
    snapshot = edge.state;
  }
  const leaf = snapshot._nodes.find((node) => node.type === 'atomic' || node.type === 'final');
  return { steps, statePath: leaf ? leaf.path.join('.') : '', start: statePathsOf(graph.initial) };
}

/** A running actor of the machine after the given steps; stop it when its screen goes. */
export async function replay(
  machine: AnyStateMachine,
  options: ReplayOptions,
  steps: readonly PathStep[],
): Promise<AnyActorRef> {
  const fakes = createFakeActors(machine, Object.keys(options.actors ?? {}));
  const clock = new ManualClock();
  const provided = (machine.provide as (implementations: object) => AnyStateMachine)({
    ...options.implementations,
    actors: { ...fakes.logic, ...options.actors },
  });
  const actor = createActor(provided, { input: options.samples.input, clock });
  actor.start();
  for (const { event } of steps) {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    const running = outcome && fakes.calls.some((call) => call.id === outcome[2] && !call.settled);
    if (outcome && running) {
      const payload = event as EventObject & { output?: unknown; error?: unknown };
      fakes.settle(
        outcome[2] ?? '',
        outcome[1] === 'done' ? { output: payload.output } : { error: payload.error },
      );
    } else if (event.type.startsWith('xstate.after.')) {
      clock.fireNext();
    } else {
      // The machine's own events, and the outcome of a child kept real (the model treats it as an event too).
      actor.send(event);
    }
    // A settled fake answers on a later tick; let it reach the machine before the next step.
    for (let tick = 0; tick < 3; tick++) await flushPromises();
  }
  return actor;
}
