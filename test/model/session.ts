/**
 * One replay of a path: a real actor of the production machine with deferred fake actors and a manual clock,
 * inspected so that the states it enters and the transitions it takes count as coverage.
 */
import {
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { createFakeActors, type FakeActors, flushPromises, ManualClock } from './fakes';
import { formatStateValue, type Model, type ModelStep } from './model';

export type EventSource = 'actor' | 'clock' | 'send';

export function sourceOf(event: EventObject): EventSource {
  if (/^xstate\.(done|error)\.actor\./.test(event.type)) return 'actor';
  if (event.type.startsWith('xstate.after.')) return 'clock';
  return 'send';
}

export interface Session<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine>;
  /** Starts the actor and counts the states it starts in. */
  start(): void;
  fakes: FakeActors;
  clock: ManualClock;
  /** Settles the fake actor or fires the timer behind an actor/clock event, and waits until the actor has it. */
  deliver(event: EventObject): Promise<void>;
  /** Throws unless the real actor is where the model says the step leads. */
  expectAt(step: Pick<ModelStep, 'state' | 'stateKey'>, after?: EventObject): void;
  stop(): void;
}

const MAX_FLUSHES = 20;

export function startSession<TMachine extends AnyStateMachine>(model: Model<TMachine>): Session<TMachine> {
  const { machine, options } = model;
  const fakes = createFakeActors(machine, Object.keys(options.actors ?? {}));
  const clock = new ManualClock();
  const provided = (machine.provide as (implementations: object) => AnyStateMachine)({
    ...options.implementations,
    actors: { ...fakes.logic, ...options.actors },
  });
  const received: string[] = [];
  const isRoot = (event: InspectionEvent) => (event.actorRef as { logic?: unknown }).logic === provided;
  const actor = createActor(provided, {
    input: options.input,
    clock,
    inspect: (event) => {
      if (!isRoot(event)) return;
      if (event.type === '@xstate.event') received.push(event.event.type);
      if (event.type === '@xstate.microstep') {
        const { snapshot, _transitions } = event as InspectionEvent & {
          snapshot: AnyMachineSnapshot;
          _transitions: AnyTransitionDefinition[];
        };
        model.coverage.record(snapshot, _transitions);
      }
    },
  }) as unknown as Actor<TMachine>;

  const waitUntilReceived = async (type: string, since: number) => {
    for (let i = 0; i < MAX_FLUSHES && !received.slice(since).includes(type); i++) await flushPromises();
    if (!received.slice(since).includes(type)) throw new Error(`The machine never received '${type}'.`);
  };

  return {
    actor,
    fakes,
    clock,
    start() {
      actor.start();
      model.coverage.record(actor.getSnapshot() as AnyMachineSnapshot, []);
    },
    async deliver(event) {
      const since = received.length;
      if (sourceOf(event) === 'actor') {
        const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
        const payload = event as EventObject & { output?: unknown; error?: unknown };
        fakes.settle(id ?? '', kind === 'done' ? { output: payload.output } : { error: payload.error });
        await waitUntilReceived(event.type, since);
      } else if (sourceOf(event) === 'clock') {
        while (!received.slice(since).includes(event.type) && clock.fireNext()) await flushPromises();
        await waitUntilReceived(event.type, since);
      } else {
        actor.send(event as never);
      }
    },
    expectAt(step, after) {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'error')
        throw new Error(`The machine stopped with an error: ${String(snapshot.error)}`);
      const actual = model.serialize(snapshot);
      if (actual === step.stateKey) return;
      const via = after ? ` after '${after.type}'` : '';
      throw new Error(
        `The real machine is not where the model says${via}.\n` +
          `  expected ${formatStateValue(step.state.value)}: ${step.stateKey}\n` +
          `  actual   ${formatStateValue(snapshot.value)}: ${actual}`,
      );
    },
    stop() {
      actor.stop();
      model.coverage.persist();
    },
  };
}
