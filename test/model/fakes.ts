/**
 * Deferred fake actors and a hand-driven clock: the outside world of a machine under model test. A path says
 * "the call answers X" (xstate.done.actor.<id>) or "the call fails with Y" (xstate.error.actor.<id>), or "the
 * delay elapses" (xstate.after.*); these fakes make exactly that happen to a real actor, and nothing else.
 */
import { type AnyActorLogic, type AnyStateMachine, fromPromise } from 'xstate';

export interface FakeCall {
  /** The actor slot (setup `actors` key). */
  src: string;
  /** The invoke id, the `<id>` of xstate.done.actor.<id>. */
  id: string;
  input: unknown;
  settled: boolean;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface FakeActors {
  /** Every call the machine made, in order; tests may assert on inputs. */
  calls: FakeCall[];
  logic: Record<string, AnyActorLogic>;
  /** Settles the newest unsettled call of invoke `id`; throws when the machine is not running one. */
  settle(id: string, outcome: { output: unknown } | { error: unknown }): void;
}

/** One deferred fake per actor slot of the machine, except the slots the test keeps real (`keep`). */
export function createFakeActors(machine: AnyStateMachine, keep: readonly string[] = []): FakeActors {
  const calls: FakeCall[] = [];
  const slots = Object.keys(machine.implementations.actors).filter((src) => !keep.includes(src));
  const logic = Object.fromEntries(
    slots.map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            const call: FakeCall = {
              src,
              id: self.id,
              input,
              settled: false,
              resolve: (output) => {
                call.settled = true;
                resolve(output);
              },
              reject: (error) => {
                call.settled = true;
                reject(error);
              },
            };
            calls.push(call);
          }),
      ),
    ]),
  );
  return {
    calls,
    logic,
    settle(id, outcome) {
      const call = calls.findLast((candidate) => candidate.id === id && !candidate.settled);
      if (!call) {
        const running = calls.filter((candidate) => !candidate.settled).map((candidate) => candidate.id);
        throw new Error(
          `No running actor '${id}' to settle (running: ${running.join(', ') || 'none'}). ` +
            'Is the invoke id in the model events the one the machine uses, and is it a provided slot?',
        );
      }
      if ('error' in outcome) call.reject(outcome.error);
      else call.resolve(outcome.output);
    },
  };
}

interface Timer {
  id: number;
  due: number;
  callback: () => void;
}

/**
 * A clock for `createActor(..., { clock })`: delayed events (`after`) fire only when a path asks for them.
 * Firing runs the earliest timer, so a path's "xstate.after.3000.x" runs the machine's own scheduled event.
 */
export class ManualClock {
  private now = 0;
  private nextId = 1;
  private timers: Timer[] = [];

  setTimeout = (callback: () => void, ms: number): number => {
    const timer = { id: this.nextId++, due: this.now + ms, callback };
    this.timers.push(timer);
    return timer.id;
  };

  clearTimeout = (id: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  };

  get pending(): number {
    return this.timers.length;
  }

  /** Runs the earliest timer; false when none is scheduled. */
  fireNext(): boolean {
    const [earliest] = [...this.timers].sort((a, b) => a.due - b.due || a.id - b.id);
    if (!earliest) return false;
    this.clearTimeout(earliest.id);
    this.now = earliest.due;
    earliest.callback();
    return true;
  }
}

/** Lets promise callbacks (a settled fake's answer reaching the machine) run. */
export const flushPromises = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
