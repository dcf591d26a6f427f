import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { type MachineName, machines } from '../../../machines/registry';
import { describeMachine, describeRoot, eventLabel } from '../../../test/model/machineDefinition';
import { type FlowGraphLayout, layoutFlowGraph, wrap } from './flowGraph';
import { layoutChoices } from './flowTexts';

const machine = setup({}).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    done: { type: 'final' },
    idle: { on: { go: 'busy' } },
    busy: {
      initial: 'a',
      states: { a: { on: { next: 'b' } }, b: {} },
      on: { finish: 'done', fail: 'idle' },
    },
  },
});
const none = { states: new Set<string>(), transitions: new Set<string>() };
const texts = { state: (s: { key: string }) => s.key, transition: eventLabel, anyState: '(any state)' };

const overlaps = (a: FlowGraphLayout['nodes'][number], b: FlowGraphLayout['nodes'][number]) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;

describe('the flow picture (dagre layout)', () => {
  it('draws every transition as a labelled arc; an arc into a compound state lands on its initial child', () => {
    const definition = describeMachine(machine);
    const layout = layoutFlowGraph(definition, describeRoot(machine).initial, texts, none);
    expect(layout.edges.map((edge) => edge.lines.join(' ')).sort()).toEqual(
      ['fail', 'finish', 'go', 'next', 'reset'].sort(),
    );
    const go = layout.edges.find((edge) => edge.lines[0] === 'go');
    const a = layout.nodes.find((node) => node.path === 'busy.a');
    const last = go?.points.at(-1);
    // The arc ends on the border of busy.a's box (dagre clips it there).
    expect(
      a && last && Math.abs(last.x - a.x) <= a.width / 2 + 1 && Math.abs(last.y - a.y) <= a.height / 2 + 1,
    ).toBe(true);
    // A transition of the compound state itself starts on its frame.
    const fail = layout.edges.find((edge) => edge.lines[0] === 'fail')?.points[0];
    const frame = layout.nodes.find((node) => node.path === 'busy');
    expect(
      frame &&
        fail &&
        (Math.abs(Math.abs(fail.x - frame.x) - frame.width / 2) < 1 ||
          Math.abs(Math.abs(fail.y - frame.y) - frame.height / 2) < 1),
    ).toBe(true);
    const busy = layout.nodes.find((node) => node.path === 'busy');
    expect(busy?.compound).toBe(true);
    // The frame holds its children.
    for (const child of layout.nodes.filter((node) => node.path.startsWith('busy.')))
      expect(
        busy && Math.abs(child.x - busy.x) * 2 <= busy.width && Math.abs(child.y - busy.y) * 2 <= busy.height,
      ).toBe(true);
  });

  it('lays out every registered machine with no two state boxes on top of each other, within the picture', () => {
    for (const [name, registered] of Object.entries(machines)) {
      const layout = layoutFlowGraph(
        describeMachine(registered),
        describeRoot(registered).initial,
        texts,
        none,
        layoutChoices[name as MachineName]?.variant,
      );
      // Every box, arc and label placed (dagre leaves a label unplaced now and then: flowGraph.ts places it).
      const numbers = [
        ...layout.nodes.flatMap((node) => [node.x, node.y, node.width, node.height]),
        ...layout.edges.flatMap((edge) => [
          ...edge.points.flatMap((point) => [point.x, point.y]),
          edge.label.x,
          edge.label.y,
        ]),
      ];
      expect(numbers.every(Number.isFinite), name).toBe(true);
      const boxes = layout.nodes.filter((node) => !node.compound);
      for (const [index, node] of boxes.entries()) {
        for (const other of boxes.slice(index + 1))
          expect(overlaps(node, other), `${name} ${node.id} ${other.id}`).toBe(false);
        expect(
          node.x + node.width / 2 <= layout.width && node.y + node.height / 2 <= layout.height,
          name,
        ).toBe(true);
      }
    }
  });

  it('wraps long titles into lines', () => {
    expect(wrap('Entering the one-time code', 22)).toEqual(['Entering the one-time', 'code']);
  });
});
