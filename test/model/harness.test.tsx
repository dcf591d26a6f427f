/**
 * The harness itself: it walks invoke/after/always machines, and it fails when it should (coverage below 100 %,
 * a screen that does not show a state, a real machine that is not where the model says, a missing assertion).
 */
import { readFileSync } from 'node:fs';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { formatCoverageTable, mergeRecords } from './coverage';
import { judgeCoverage } from './coverage.globalSetup';
import { testModel } from './index';
import { describeMachine } from './machineDefinition';
import { expectFullCoverage, type Model, modelFor } from './model';
import { runOnMachine } from './runOnMachine';
import { runOnScreen, type ScreenOptions } from './runOnScreen';

/** A save with a time-out and a give-up rule: invoke, after, always and a final state in 7 transitions. */
const saveMachine = setup({
  types: {} as { context: { tries: number }; events: { type: 'save' } | { type: 'reset' } },
  actors: {
    save: fromPromise<string, void>(async () => {
      throw new Error('actor save must be provided');
    }),
  },
  guards: { tooManyTries: ({ context }) => context.tries >= 2 },
}).createMachine({
  id: 'save',
  initial: 'idle',
  context: { tries: 0 },
  states: {
    idle: { on: { save: 'saving' } },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        onDone: 'saved',
        onError: { target: 'failed', actions: assign({ tries: ({ context }) => context.tries + 1 }) },
      },
      after: { 5000: 'timedOut' },
    },
    failed: { always: { guard: 'tooManyTries', target: 'gaveUp' }, on: { save: 'saving' } },
    timedOut: { on: { reset: { target: 'idle', actions: assign({ tries: 0 }) } } },
    gaveUp: { type: 'final' },
    saved: { type: 'final' },
  },
});

const saveModel = () =>
  modelFor(saveMachine, {
    name: 'save (harness test)',
    events: {
      'xstate.done.actor.save': [{ output: 'ok' }],
      'xstate.error.actor.save': [{ error: new Error('offline') }],
    },
  });

async function runAll(model: Model<typeof saveMachine>) {
  for (const path of model.paths()) await runOnMachine(model, path);
}

describe('machine definition', () => {
  it('counts every on, always, after and invoke onDone/onError candidate', () => {
    const definition = describeMachine(saveMachine);
    expect(definition.states.map((state) => state.path)).toEqual([
      'idle',
      'saving',
      'failed',
      'timedOut',
      'gaveUp',
      'saved',
    ]);
    expect(definition.transitions.map((transition) => `${transition.kind} ${transition.eventType}`)).toEqual([
      'on save',
      'done.actor xstate.done.actor.save',
      'error.actor xstate.error.actor.save',
      'after xstate.after.5000.save.saving',
      'on save',
      'always ',
      'on reset',
    ]);
    expect(definition.transitions.find((transition) => transition.kind === 'always')?.guard).toBe(
      'tooManyTries',
    );
  });
});

describe('model paths on the machine', () => {
  it('reach 100 % of states and transitions through invoke, after and always', async () => {
    const model = saveModel();
    await runAll(model);
    expect(model.summary()).toMatchObject({
      states: { covered: 6, total: 6 },
      transitions: { covered: 7, total: 7 },
    });
    expect(() => expectFullCoverage(model)).not.toThrow();
  });

  it('hand the fake actors to the real machine and record their calls', async () => {
    const model = saveModel();
    const path = model.paths().find((candidate) => candidate.description.includes('gaveUp'));
    expect(path).toBeDefined();
    const run = await runOnMachine(model, path!);
    expect(run.actor.getSnapshot().value).toBe('gaveUp');
    expect(run.calls.map((call) => call.id)).toEqual(['save', 'save']);
  });

  it('fail the coverage check when not every path is replayed', async () => {
    const model = saveModel();
    const [first] = model.paths();
    await runOnMachine(model, first!);
    expect(model.summary().transitions.covered).toBeLessThan(7);
    expect(() => expectFullCoverage(model)).toThrow(
      /Model coverage of 'save \(harness test\)' is incomplete/,
    );
  });

  it('fail the coverage check when the samples never reach a transition, and say so', async () => {
    const model = modelFor(saveMachine, {
      name: 'save without errors',
      // An empty list offers no error at all, so 'failed' and what follows it are out of the model's reach.
      events: { 'xstate.done.actor.save': [{ output: 'ok' }], 'xstate.error.actor.save': [] },
    });
    await runAll(model);
    expect(() => expectFullCoverage(model)).toThrow(/failed → gaveUp on always \[tooManyTries\]/);
    expect(() => expectFullCoverage(model)).toThrow(/never reaches/);
  });

  it('fail when the real machine is not where the model says', async () => {
    // A guard that reads the outside world: open while the model is built, closed when the path is replayed.
    let doorIsOpen = true;
    const doorMachine = setup({
      types: {} as { events: { type: 'push' } },
      guards: { doorIsOpen: () => doorIsOpen },
    }).createMachine({
      id: 'door',
      initial: 'closed',
      states: { closed: { on: { push: { guard: 'doorIsOpen', target: 'through' } } }, through: {} },
    });
    const model = modelFor(doorMachine);
    doorIsOpen = false;
    const [path] = model.paths();
    await expect(runOnMachine(model, path!)).rejects.toThrow(
      /^At step 1 of 1 \(push\): The real machine is not where the model says after 'push'/,
    );
  });

  it("record the paths of a second model that shares the first one's coverage, so the report knows their machine", () => {
    const first = saveModel();
    const second = {
      ...modelFor(saveMachine, {
        name: 'save (harness test)',
        events: { 'xstate.done.actor.save': [{ output: 'other' }], 'xstate.error.actor.save': [] },
      }),
      coverage: first.coverage,
    };
    const ids = (model: Model<typeof saveMachine>) => model.paths().map((path) => path.id);
    const recorded = [...ids(second), ...ids(first)];
    expect(
      first.coverage
        .toRecord(undefined)
        .paths?.map((path) => path.id)
        .sort(),
    ).toEqual([...new Set(recorded)].sort());
    expect(ids(second).some((id) => !ids(first).includes(id))).toBe(true);
  });

  it('explain a traversal that never ends', () => {
    const counterMachine = setup({
      types: {} as { context: { count: number }; events: { type: 'add' } },
    }).createMachine({
      id: 'counter',
      context: { count: 0 },
      on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
    });
    expect(() => modelFor(counterMachine, { limit: 50 })).toThrow(/more than 50 snapshots/);
  });
});

/** A form whose typing only changes context: no sample of it takes a transition the others do not. */
const typingMachine = setup({
  types: {} as {
    context: { email: string; confirm: string };
    events: { type: 'field.change'; field: 'email' | 'confirm'; value: string } | { type: 'form.submit' };
  },
}).createMachine({
  id: 'typing',
  context: { email: '', confirm: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        'form.submit': { guard: ({ context }) => context.email === context.confirm, target: 'done' },
      },
    },
    done: { type: 'final' },
  },
});

describe('samples', () => {
  const typingEvents = {
    'field.change': [
      { field: 'email', value: 'jane@example.com' },
      { field: 'confirm', value: 'jane@example.com' },
      { field: 'confirm', value: 'joe@example.com' },
    ],
  } as const;

  it('every sample the model offers is walked by some path, even one that changes no state', () => {
    const model = modelFor(typingMachine, { name: 'typing (harness test)', events: typingEvents });
    const sent = model.paths().flatMap((path) => path.steps.map((step) => JSON.stringify(step.event)));
    for (const sample of typingEvents['field.change'])
      expect(sent).toContain(JSON.stringify({ ...sample, type: 'field.change' }));
  });

  it('a listed sample that no model of the machine can send fails the run', () => {
    const withReset = { ...typingEvents, 'form.reset': [{ clear: true }] } as never;
    const lonely = modelFor(typingMachine, { name: 'typing (harness test)', events: withReset });
    const record = (model: Model) => model.coverage.toRecord('typing.model.test.tsx');
    const [row] = mergeRecords([record(lonely as unknown as Model)]);
    expect(row?.unusedSamples).toEqual(['{"clear":true,"type":"form.reset"}']);
    expect(judgeCoverage([row!], [], { fullRun: false }).failures).toContain(
      'typing (harness test): sample {"clear":true,"type":"form.reset"} is listed but no path can send it',
    );
  });
});

function SaveView({
  actorRef,
  showsWrongState,
}: {
  actorRef: ActorRefFrom<typeof saveMachine>;
  showsWrongState?: boolean;
}) {
  const value = useSelector(actorRef, (snapshot) => snapshot.value as string);
  return (
    <div>
      <p data-testid="state">{showsWrongState && value === 'saved' ? 'saving' : value}</p>
      <button type="button" onClick={() => actorRef.send({ type: 'save' })}>
        Save
      </button>
      <button type="button" onClick={() => actorRef.send({ type: 'reset' })}>
        Reset
      </button>
    </div>
  );
}

const showsState =
  (state: string) => (screen: Parameters<ScreenOptions<typeof saveMachine>['stateAssertions'][string]>[0]) =>
    expect(screen.getByTestId('state').textContent).toBe(state);

const screenOptions = (showsWrongState = false): ScreenOptions<typeof saveMachine> => ({
  render: (actorRef) => <SaveView actorRef={actorRef} showsWrongState={showsWrongState} />,
  stateAssertions: Object.fromEntries(
    ['idle', 'saving', 'failed', 'timedOut', 'gaveUp', 'saved'].map((state) => [state, showsState(state)]),
  ),
  eventDrivers: {
    save: (screen, user) => user.click(screen.getByRole('button', { name: 'Save' })),
    reset: (screen, user) => user.click(screen.getByRole('button', { name: 'Reset' })),
  },
  timeout: 200,
});

/** A start state left at once: `always` picks a branch by the input, so no snapshot ever rests in `deciding`. */
const passThroughMachine = setup({
  types: {} as { input: { ready: boolean }; context: { ready: boolean } },
}).createMachine({
  id: 'passThrough',
  context: ({ input }) => ({ ready: input.ready }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: ({ context }) => context.ready, target: 'ready' }, { target: 'waiting' }] },
    ready: { type: 'final' },
    waiting: { type: 'final' },
  },
});

describe('a start state left at once', () => {
  it('counts as entered when a transition out of it was taken, so no test marks it by hand', async () => {
    const ready = modelFor(passThroughMachine, {
      name: 'pass-through (harness test)',
      input: { ready: true },
    });
    const waiting = {
      ...modelFor(passThroughMachine, { input: { ready: false } }),
      coverage: ready.coverage,
    };
    for (const model of [ready, waiting]) for (const path of model.paths()) await runOnMachine(model, path);
    expect(ready.coverage.summary().states.missing).toEqual([]);
    expect(() => expectFullCoverage(ready as unknown as Model)).not.toThrow();
  });

  it('is still missing when no path left it', async () => {
    const ready = modelFor(passThroughMachine, {
      name: 'pass-through (harness test)',
      input: { ready: true },
    });
    for (const path of ready.paths()) await runOnMachine(ready, path);
    expect(ready.coverage.summary().states.missing).toEqual(['waiting']);
  });
});

describe('testModel', () => {
  it('refuses a model without a screen instead of reporting 100 % of the machine alone', () => {
    const model = saveModel();
    expect(() => testModel(model, undefined as never)).toThrow(/a screen is required/);
    expect(() => testModel(model, {} as never)).toThrow(/a screen is required/);
  });
});

describe('model paths on the screen', () => {
  it('drive the real view through every path', async () => {
    const model = saveModel();
    for (const path of model.paths()) await runOnScreen(model, path, screenOptions());
    expect(() => expectFullCoverage(model)).not.toThrow();
  });

  it('fail when the screen does not show the state', async () => {
    const model = saveModel();
    const path = model.paths().find((candidate) => candidate.description.endsWith('saved'));
    // The step, its event and the line of the assertion that failed (in this file: screenOptions' expect).
    const line = readFileSync('test/model/harness.test.tsx', 'utf8')
      .split('\n')
      .findIndex((text) => text.includes("expect(screen.getByTestId('state').textContent)"));
    await expect(runOnScreen(model, path!, screenOptions(true))).rejects.toThrow(
      new RegExp(
        `^At step 2 of 2 \\(save done \\{"output":"ok"\\}\\), test/model/harness\\.test\\.tsx:${line + 1}:\\d+: Screen assertion for 'saved' failed: expected 'saving' to be 'saved'`,
      ),
    );
  });

  it('fail when a state has no screen assertion', async () => {
    const model = saveModel();
    const { timedOut: _left, ...withoutTimedOut } = screenOptions().stateAssertions;
    await expect(
      runOnScreen(model, model.paths()[0]!, { ...screenOptions(), stateAssertions: withoutTimedOut }),
    ).rejects.toThrow(/No screen assertion for state\(s\) of 'save \(harness test\)': timedOut/);
  });

  it('fail when an event has no driver', async () => {
    const model = saveModel();
    await expect(
      runOnScreen(model, model.paths()[0]!, { ...screenOptions(), eventDrivers: {} }),
    ).rejects.toThrow(/No event driver for 'save'/);
  });
});

describe('coverage verdict of a run', () => {
  const record = (machine: string, covered: string[]) => ({
    machine,
    testFile: `/repo/${machine}.model.test.tsx`,
    states: { all: { a: 'a', b: 'b' }, covered },
    transitions: { all: { t: 'a → b on go' }, covered: covered.includes('b') ? ['t'] : [] },
  });

  it('merges records of one machine and fails a machine below 100 %', () => {
    const rows = mergeRecords([record('one', ['a']), record('one', ['b']), record('two', ['a'])]);
    const verdict = judgeCoverage(rows, ['one', 'two'], { fullRun: true });
    expect(rows.find((row) => row.machine === 'one')?.states).toEqual({ covered: 2, total: 2, missing: [] });
    expect(verdict.failures).toEqual(['two: state b; transition a → b on go']);
    expect(formatCoverageTable(rows)).toMatch(/two\s+1\/2\s+50%\s+0\/1\s+0%/);
  });

  it('fails a registry machine without a model test, on a full run only', () => {
    const rows = mergeRecords([record('one', ['a', 'b'])]);
    expect(judgeCoverage(rows, ['one', 'three'], { fullRun: true }).failures).toEqual([
      'three: no model test (machines/registry.ts lists it)',
    ]);
    expect(judgeCoverage(rows, ['one', 'three'], { fullRun: false }).failures).toEqual([]);
  });

  it('asks 100 % of full runs only: a run filtered by test name (-t <path id>) passes below it', () => {
    const rows = mergeRecords([record('two', ['a'])]);
    expect(judgeCoverage(rows, ['two', 'three'], { fullRun: true, filtered: true }).failures).toEqual([]);
    expect(judgeCoverage(rows, ['two'], { fullRun: true, filtered: false }).failures).toHaveLength(1);
  });
});
