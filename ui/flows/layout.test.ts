import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { machines } from '../../machines/registry';
import { describeMachine, describeRoot } from '../../test/model/machineDefinition';
import { ANY_STATE, layoutFlow, transitionsLeaving } from './layout';

const machine = setup({}).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    done: { type: 'final' },
    idle: { on: { go: 'busy', edit: { actions: assign({}) } } },
    busy: {
      initial: 'a',
      states: { a: { on: { next: 'b' } }, b: {} },
      on: { finish: 'done', fail: 'idle' },
    },
  },
});
const definition = describeMachine(machine);
const layoutOf = (coverage?: Parameters<typeof layoutFlow>[2]) =>
  layoutFlow(definition, describeRoot(machine), coverage);

describe('flow diagram layout', () => {
  it('puts states in breadth-first layers from the start, children under their parent', () => {
    const { rows } = layoutOf();
    expect(rows.map((row) => [row.path || row.label, row.layer, row.depth])).toEqual([
      [ANY_STATE, 0, 0],
      ['idle', 0, 0],
      ['busy', 1, 0],
      ['busy.a', 0, 1],
      ['busy.b', 1, 1],
      ['done', 2, 0],
    ]);
    expect(rows.find((row) => row.path === 'idle')?.loops.map((loop) => loop.eventType)).toEqual(['edit']);
  });

  it('marks red what the coverage report says no path reached; everything when there is no report', () => {
    const covered = layoutOf({
      machine: 'demo',
      states: { covered: 5, total: 6, missing: ['busy.b'] },
      transitions: { covered: 5, total: 6, missing: [] },
      paths: [],
      testFiles: [],
    });
    expect(covered.rows.filter((row) => row.uncovered).map((row) => row.path)).toEqual(['busy.b']);
    expect(
      layoutOf()
        .rows.filter((row) => row.state)
        .every((row) => row.uncovered),
    ).toBe(true);
  });

  it('lists the ways out of a state: its own, its ancestors’ and the machine’s', () => {
    const a = definition.states.find((state) => state.path === 'busy.a');
    expect(
      transitionsLeaving(definition, a?.id ?? '')
        .map((t) => t.eventType)
        .sort(),
    ).toEqual(['fail', 'finish', 'next', 'reset'].sort());
  });

  it('lays out every machine of the registry with a row per state', () => {
    for (const [name, registered] of Object.entries(machines)) {
      const layout = layoutFlow(describeMachine(registered), describeRoot(registered), undefined);
      expect(
        layout.rows.filter((row) => row.state),
        name,
      ).toHaveLength(describeMachine(registered).states.length);
    }
  });
});
