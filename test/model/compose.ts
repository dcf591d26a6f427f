/**
 * Composed models: a production machine walked together with the production machines it invokes as children
 * (login with the two-factor setup and its recovery codes, the invitation sign-up with the same setup, a /me part
 * with its step-up), so one path crosses from the parent into the child and back out on the child's output.
 *
 * The composition is the one the route builds: the parent with its child slot provided by the real child machine
 * (`loginMachine.provide({ actors: { twoFactorSetup: twoFactorSetupMachine.provide(…) } })`), the child's input
 * from the parent's own invoke and its output into the parent's own `onDone`: no mapping of the test's. Only the
 * calls to the server stay deferred fakes, in the parent and in the child, settled by the same samples.
 *
 * The graph is walked here (not by `xstate/graph`, which steps one machine): a composed snapshot is the parent's
 * snapshot plus the snapshot of each real child it is running, stepped by the machines' pure `transition()`. A
 * child's events carry `to: <invoke id>`; when the child reaches its final state its output becomes the parent's
 * `xstate.done.actor.<id>`, as XState does. Usage: test/model/README.md (Paths across machines).
 */
import {
  type Actor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { CoverageTracker } from './coverage';
import { createFakeActors, type FakeActors, type FakeCall, flushPromises, ManualClock } from './fakes';
import { defaultSerializeState, formatEvent, formatStateValue } from './format';
import {
  coveringPaths,
  eventsFor,
  type GraphEdge,
  type ModelGraph,
  type SampleMap,
  sampleKey,
} from './graph';
import { inspectingScope } from './inspectingScope';
import { describeMachine, type MachineDefinition } from './machineDefinition';
import { pathId } from './pathId';
import { sourceOf } from './session';
import { replaySteps } from './stepFailure';

/** A child the parent invokes, kept real: its machine, the samples of its own events and calls, its effects. */
export interface ComposedChild {
  /** The production machine the route provides in the slot (unprovided: its calls become fakes here). */
  machine: AnyStateMachine;
  /** Samples of the child's own events and of its calls' answers (`xstate.done.actor.<its invoke id>`…). */
  events?: SampleMap;
  /** The child's effects (actions) the route provides, e.g. the download of the recovery codes. */
  implementations?: { actions?: object; guards?: object; delays?: object };
}

/** What the composition cannot reach, and why; the run fails when one of them becomes reachable (or more do). */
export interface Unreachable {
  /** State ids (`twoFactorSetup.settingUp.codeEntry.steppingUp`). */
  states?: string[];
  /** Transition keys (`<source id>::<event>::<index>`, test/model/machineDefinition.ts). */
  transitions?: string[];
  why: string;
}

export interface ComposedOptions {
  /** The name the coverage table and the report show for the composition ('login+twoFactorSetup'). */
  name: string;
  input?: unknown;
  /** Samples of the parent's events and calls (its samples file's); the real children's done/error are dropped. */
  events?: SampleMap;
  /** The parent's effects (e.g. its redirect). */
  implementations?: { actions?: object; guards?: object; delays?: object };
  /** Keyed by the slot, which is also the invoke id (`twoFactorSetup`, `stepUp`). */
  children: Record<string, ComposedChild>;
  unreachable?: Unreachable[];
  thenSend?: (sample: EventObject) => string | undefined;
  limit?: number;
}

/** The parent's snapshot and, per real child it runs, the child's (with the reference that tells a new run). */
export interface ComposedSnapshot {
  parent: AnyMachineSnapshot;
  children: Record<string, { ref: AnyActorRef; snapshot: AnyMachineSnapshot }>;
}

/** A child's event in a composed path: the child's own event, addressed to the invoke that runs it. */
export type ComposedEvent = EventObject & { to?: string };

export interface ComposedStep {
  event: ComposedEvent;
  state: ComposedSnapshot;
  stateKey: string;
}

export interface ComposedPath {
  id: string;
  description: string;
  steps: ComposedStep[];
}

export interface ComposedModel {
  name: string;
  options: ComposedOptions;
  parent: AnyStateMachine;
  /** Parent and children, as one definition: the composition's states and transitions, minus the unreachable. */
  definition: MachineDefinition;
  /** Everything of the machines, before the unreachable were taken out. */
  fullDefinition: MachineDefinition;
  graph: ModelGraph;
  initial: ComposedSnapshot;
  coverage: CoverageTracker;
  paths(): ComposedPath[];
  /**
   * The walk of these events from the start, each an edge of the graph (a scenario a test holds to more than the
   * covering paths, e.g. the call that goes through after the step-up); throws where the graph has no such step.
   */
  pathThrough(events: ReadonlyArray<ComposedEvent & Record<string, unknown>>): ComposedPath;
}

/** The readable state of a composed snapshot: `settingUpTwoFactor › twoFactorSetup: showingRecoveryCodes.idle`. */
function formatComposed(snapshot: ComposedSnapshot): string {
  const children = Object.entries(snapshot.children).map(
    ([id, child]) => ` › ${id}: ${formatStateValue(child.snapshot.value)}`,
  );
  return `${formatStateValue(snapshot.parent.value)}${children.join('')}`;
}

const serializeComposed = (parent: AnyMachineSnapshot, children: Record<string, AnyMachineSnapshot>) =>
  JSON.stringify([
    defaultSerializeState(parent),
    ...Object.keys(children)
      .sort()
      .map((id) => [id, defaultSerializeState(children[id] as AnyMachineSnapshot)]),
  ]);

const keyOf = (snapshot: ComposedSnapshot) =>
  serializeComposed(
    snapshot.parent,
    Object.fromEntries(Object.entries(snapshot.children).map(([id, child]) => [id, child.snapshot])),
  );

const provide = (machine: AnyStateMachine, implementations: object) =>
  (machine.provide as (implementations: object) => AnyStateMachine)(implementations);

/** The same event, whatever the order of its fields (its payloads come from the same samples). */
const sameEvent = (a: EventObject, b: EventObject) => {
  const sorted = (event: EventObject) =>
    JSON.stringify(Object.entries(event).sort(([x], [y]) => x.localeCompare(y)));
  return sorted(a) === sorted(b);
};

/** The event as the machine gets it: without the address. */
const bare = ({ to: _to, ...event }: ComposedEvent): EventObject => event;

/**
 * The composition of a parent machine and the real children it invokes: its graph, its covering paths (stable ids
 * from the composition's name, input and events), and a coverage tracker over the parent's and children's states
 * and transitions together.
 */
export function composedModel(parent: AnyStateMachine, options: ComposedOptions): ComposedModel {
  const ids = Object.keys(options.children);
  const { actorScope, observe } = inspectingScope();
  // The graph's machines: each child provided with its effects (its calls are events here), the parent with them.
  const children = Object.fromEntries(
    ids.map((id) => {
      const child = options.children[id] as ComposedChild;
      return [id, child.implementations ? provide(child.machine, child.implementations) : child.machine];
    }),
  );
  const modelled = provide(parent, { ...options.implementations, actors: children });
  // A real child's end comes from the child, never from outside.
  const parentSamples: SampleMap = {
    ...options.events,
    ...Object.fromEntries(
      ids.flatMap((id) => [
        [`xstate.done.actor.${id}`, []],
        [`xstate.error.actor.${id}`, []],
      ]),
    ),
  };

  /** The real children the parent runs now: the same run kept, a new one from its first snapshot. */
  const withChildren = (
    next: AnyMachineSnapshot,
    before: ComposedSnapshot['children'],
    entered: Set<string>,
  ): ComposedSnapshot => {
    const running: ComposedSnapshot['children'] = {};
    for (const id of ids) {
      const ref = (next.children as Record<string, AnyActorRef | undefined>)[id];
      if (!ref) continue;
      const kept = before[id];
      if (kept && kept.ref === ref) running[id] = kept;
      else {
        const snapshot = ref.getSnapshot() as AnyMachineSnapshot;
        for (const node of snapshot._nodes) if (node.parent) entered.add(node.id);
        running[id] = { ref, snapshot };
      }
    }
    return { parent: next, children: running };
  };

  const step = (from: ComposedSnapshot, event: ComposedEvent) =>
    observe((): ComposedSnapshot => {
      const states = new Set<string>();
      if (event.to === undefined)
        return withChildren(modelled.transition(from.parent, event, actorScope), from.children, states);
      const child = from.children[event.to];
      if (!child) throw new Error(`No child '${event.to}' runs in ${formatComposed(from)}`);
      const logic = (child.ref as unknown as { logic: AnyStateMachine }).logic;
      const next = logic.transition(child.snapshot, bare(event), actorScope) as AnyMachineSnapshot;
      if (next.status !== 'done')
        return {
          parent: from.parent,
          children: { ...from.children, [event.to]: { ...child, snapshot: next } },
        };
      // The child is done: its output is the parent's `xstate.done.actor.<id>`, as the running actor sends it.
      const done = { type: `xstate.done.actor.${event.to}`, output: next.output, actorId: event.to };
      return withChildren(modelled.transition(from.parent, done, actorScope), from.children, states);
    });

  // Breadth-first over composed snapshots.
  const start = observe(() => modelled.getInitialSnapshot(actorScope, options.input) as AnyMachineSnapshot);
  const initialStates = new Set([...start.states, ...start.sources]);
  for (const node of start.result._nodes) if (node.parent) initialStates.add(node.id);
  const initial = withChildren(start.result, {}, initialStates);
  const initialKey = keyOf(initial);
  const snapshots = new Map<string, ComposedSnapshot>([[initialKey, initial]]);
  const edges: GraphEdge[] = [];
  const queue = [initial];
  const limit = options.limit ?? 5000;
  for (let from = queue.shift(); from; from = queue.shift()) {
    if (snapshots.size > limit)
      throw new Error(
        `The composition '${options.name}' visits more than ${limit} snapshots: fewer samples, or raise limit.`,
      );
    const fromKey = keyOf(from);
    const offered: ComposedEvent[] = [
      ...eventsFor(from.parent, parentSamples),
      ...Object.entries(from.children).flatMap(([id, child]) =>
        eventsFor(child.snapshot, options.children[id]?.events ?? {}).map((event) => ({ ...event, to: id })),
      ),
    ];
    for (const event of offered) {
      const taken = step(from, event);
      const to = keyOf(taken.result);
      for (const child of Object.values(taken.result.children))
        for (const node of child.snapshot._nodes) if (node.parent) taken.states.add(node.id);
      edges.push({
        from: fromKey,
        to,
        event,
        // The parent's snapshot stands for the composed one where the graph wants a machine snapshot.
        state: taken.result.parent,
        transitions: [...taken.transitions],
        states: [...new Set([...taken.states, ...taken.sources])],
      });
      if (!snapshots.has(to)) {
        snapshots.set(to, taken.result);
        queue.push(taken.result);
      }
    }
  }
  const graph: ModelGraph = {
    initialKey,
    initial: initial.parent,
    initialStates: [...initialStates],
    initialTransitions: [...start.transitions],
    snapshots: new Map([...snapshots].map(([key, snapshot]) => [key, snapshot.parent])),
    edges,
  };

  const parts = [describeMachine(parent), ...ids.map((id) => describeMachine(options.children[id]!.machine))];
  const fullDefinition: MachineDefinition = {
    machineId: options.name,
    states: parts.flatMap((part) => part.states),
    transitions: parts.flatMap((part) => part.transitions),
  };
  const leftOut = new Set(
    (options.unreachable ?? []).flatMap((entry) => [...(entry.states ?? []), ...(entry.transitions ?? [])]),
  );
  const definition: MachineDefinition = {
    ...fullDefinition,
    states: fullDefinition.states.filter((state) => !leftOut.has(state.id)),
    transitions: fullDefinition.transitions.filter((transition) => !leftOut.has(transition.key)),
  };
  const coverage = new CoverageTracker(options.name, definition);
  const offered = new Set(edges.map((edge) => sampleKey(edge.event)));
  const declared = [
    ...Object.entries(parentSamples).flatMap(([type, given]) =>
      Array.isArray(given) ? given.map((sample: object) => sampleKey({ ...sample, type })) : [],
    ),
    ...ids.flatMap((id) =>
      Object.entries(options.children[id]?.events ?? {}).flatMap(([type, given]) =>
        Array.isArray(given)
          ? given.map((sample: object) => sampleKey({ ...sample, type, to: id } as ComposedEvent))
          : [],
      ),
    ),
  ];
  coverage.samples = { declared, offered: declared.filter((key) => offered.has(key)) };

  const toPath = (walked: readonly GraphEdge[]): ComposedPath => {
    const id = pathId(
      options.name,
      options.input,
      walked.map((edge) => edge.event),
    );
    const walk = [formatComposed(initial)];
    const steps = walked.map((edge) => {
      const state = snapshots.get(edge.to) as ComposedSnapshot;
      walk.push(formatEvent(edge.event), formatComposed(state));
      return { event: edge.event as ComposedEvent, state, stateKey: edge.to };
    });
    return { id, description: `${id} ${walk.join(' → ')}`, steps };
  };

  let paths: ComposedPath[] | undefined;
  return {
    name: options.name,
    options,
    parent,
    definition,
    fullDefinition,
    graph,
    initial,
    coverage,
    paths() {
      paths ??= coveringPaths(graph, {
        states: definition.states.map((state) => state.id),
        transitions: definition.transitions.map((transition) => transition.key),
        thenSend: options.thenSend,
      }).map((path) => toPath(path.edges));
      coverage.addPaths(
        paths.map((path) => ({
          id: path.id,
          description: path.description,
          events: path.steps.map((step) => formatEvent(step.event, { full: true })),
        })),
      );
      return paths;
    },
    pathThrough(events) {
      const walked: GraphEdge[] = [];
      let at = initialKey;
      for (const event of events) {
        const edge = edges.find((candidate) => candidate.from === at && sameEvent(candidate.event, event));
        if (!edge)
          throw new Error(
            `The composition offers no '${formatEvent(event)}' in ${formatComposed(snapshots.get(at) as ComposedSnapshot)}`,
          );
        walked.push(edge);
        at = edge.to;
      }
      return toPath(walked);
    },
  };
}

/** What the composition's graph cannot reach, as labels: to hold against the declared `unreachable`. */
export function unreachableOf(model: ComposedModel): { states: string[]; transitions: string[] } {
  const states = new Set(model.graph.initialStates);
  const transitions = new Set(model.graph.initialTransitions);
  for (const edge of model.graph.edges) {
    for (const state of edge.states) states.add(state);
    for (const transition of edge.transitions) transitions.add(transition);
  }
  return {
    states: model.fullDefinition.states
      .filter((state) => !states.has(state.id))
      .map((state) => state.id)
      .sort(),
    transitions: model.fullDefinition.transitions
      .filter((transition) => !transitions.has(transition.key))
      .map((transition) => transition.key)
      .sort(),
  };
}

export interface ComposedRun {
  actor: Actor<AnyStateMachine>;
  /** Every call made to a fake, the parent's (`parent`) and each child's (by invoke id), with its input. */
  calls: Record<string, FakeCall[]>;
}

const MAX_FLUSHES = 20;

/** One replay of a composed path: the real parent and children, their calls deferred fakes, a manual clock. */
export interface ComposedSession {
  actor: Actor<AnyStateMachine>;
  calls: Record<string, FakeCall[]>;
  /** Starts the parent and counts the states it (and a child it starts at once) starts in. */
  start(): void;
  /** The snapshots of the children the parent runs now, by invoke id. */
  runningChildren(): Record<string, AnyMachineSnapshot>;
  /** The running child's reference (for an event driver), undefined when the parent runs none under that id. */
  childRef(id: string): AnyActorRef | undefined;
  /** Settles the fake or fires the timer behind an actor/clock event (waiting until its machine has it); sends the rest. */
  deliver(event: ComposedEvent): Promise<void>;
  /** Throws unless the parent's and children's snapshots are the model's, and counts them. */
  expectAt(step: Pick<ComposedStep, 'state' | 'stateKey'>, after?: EventObject): void;
  stop(): void;
}

/**
 * The real parent provided with fakes for its calls and the real child machines (themselves provided with fakes
 * for theirs), as the route provides them. A child's event goes to the running child; a call's answer settles that
 * machine's fake. Coverage counts both machines' microsteps. Used by runComposedOnMachine and runComposedOnScreen.
 */
export function startComposedSession(model: ComposedModel): ComposedSession {
  const { options } = model;
  const ids = Object.keys(options.children);
  const fakes: Record<string, FakeActors> = {
    parent: createFakeActors(model.parent, ids),
    ...Object.fromEntries(ids.map((id) => [id, createFakeActors(options.children[id]!.machine)])),
  };
  const providedChildren = Object.fromEntries(
    ids.map((id) => [
      id,
      provide(options.children[id]!.machine, {
        ...options.children[id]!.implementations,
        actors: fakes[id]!.logic,
      }),
    ]),
  );
  const root = provide(model.parent, {
    ...options.implementations,
    actors: { ...fakes.parent!.logic, ...providedChildren },
  });
  const machines = new Map<unknown, string>([
    [root, 'parent'],
    ...ids.map((id) => [providedChildren[id], id] as [unknown, string]),
  ]);
  const received: Array<{ who: string; type: string }> = [];
  const clock = new ManualClock();
  const actor = createActor(root, {
    input: options.input,
    clock,
    inspect: (event) => {
      const who = machines.get((event.actorRef as { logic?: unknown }).logic);
      if (!who) return;
      if (event.type === '@xstate.event') received.push({ who, type: event.event.type });
      if (event.type === '@xstate.microstep') {
        const { snapshot, _transitions } = event as InspectionEvent & {
          snapshot: AnyMachineSnapshot;
          _transitions: AnyTransitionDefinition[];
        };
        model.coverage.record(snapshot, _transitions);
      }
    },
  });
  const childRef = (id: string) =>
    (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
  const runningChildren = () =>
    Object.fromEntries(
      ids.flatMap((id) => {
        const ref = childRef(id);
        return ref ? [[id, ref.getSnapshot() as AnyMachineSnapshot]] : [];
      }),
    );
  const recordNow = () => {
    model.coverage.record(actor.getSnapshot() as AnyMachineSnapshot, []);
    for (const snapshot of Object.values(runningChildren())) model.coverage.record(snapshot, []);
  };
  const waitUntil = async (who: string, type: string, since: number) => {
    const got = () => received.slice(since).some((entry) => entry.who === who && entry.type === type);
    for (let i = 0; i < MAX_FLUSHES && !got(); i++) await flushPromises();
    if (!got())
      throw new Error(`The ${who === 'parent' ? 'machine' : `child '${who}'`} never received '${type}'.`);
  };
  return {
    actor,
    calls: Object.fromEntries(Object.entries(fakes).map(([who, fake]) => [who, fake.calls])),
    start() {
      actor.start();
      recordNow();
    },
    runningChildren,
    childRef,
    async deliver(event) {
      const who = event.to ?? 'parent';
      const since = received.length;
      const source = sourceOf(event);
      if (source === 'actor') {
        const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
        const payload = event as EventObject & { output?: unknown; error?: unknown };
        fakes[who]!.settle(id ?? '', kind === 'done' ? { output: payload.output } : { error: payload.error });
        await waitUntil(who, event.type, since);
      } else if (source === 'clock') {
        const got = () =>
          received.slice(since).some((entry) => entry.who === who && entry.type === event.type);
        while (!got() && clock.fireNext()) await flushPromises();
        await waitUntil(who, event.type, since);
      } else if (event.to === undefined) actor.send(bare(event));
      else {
        const child = childRef(event.to);
        if (!child) throw new Error(`No child '${event.to}' is running to receive '${event.type}'.`);
        child.send(bare(event));
      }
      await flushPromises();
    },
    expectAt(step, after) {
      recordNow();
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'error')
        throw new Error(`The machine stopped with an error: ${String(snapshot.error)}`);
      const children = runningChildren();
      const actual = serializeComposed(snapshot, children);
      if (actual === step.stateKey) return;
      const via = after ? ` after '${formatEvent(after)}'` : '';
      const now = {
        parent: snapshot,
        children: Object.fromEntries(
          Object.entries(children).map(([id, child]) => [id, { ref: actor, snapshot: child }]),
        ),
      } as ComposedSnapshot;
      throw new Error(
        `The real machines are not where the model says${via}.\n` +
          `  expected ${formatComposed(step.state)}: ${step.stateKey}\n` +
          `  actual   ${formatComposed(now)}: ${actual}`,
      );
    },
    stop() {
      actor.stop();
      model.coverage.persist();
    },
  };
}

/**
 * Replays a composed path on real actors (startComposedSession). After every step the parent's and the children's
 * snapshots must be the model's.
 */
export async function runComposedOnMachine(model: ComposedModel, path: ComposedPath): Promise<ComposedRun> {
  const session = startComposedSession(model);
  try {
    await replaySteps(path.steps, {
      start: () => {
        session.start();
        session.expectAt({ state: model.initial, stateKey: model.graph.initialKey });
      },
      take: async (step) => {
        await session.deliver(step.event);
        session.expectAt(step, step.event);
      },
    });
    return { actor: session.actor, calls: session.calls };
  } finally {
    session.stop();
  }
}
