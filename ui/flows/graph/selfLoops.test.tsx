import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { describeMachine, describeRoot, eventLabel } from '../../../test/model/machineDefinition';
import { svgText } from './download';
import { FlowGraph } from './FlowGraph';
import { type FlowGraphLayout, layoutFlowGraph } from './flowGraph';

// 'type' and 'tick' stay in idle (a leaf), 'ping' in busy (a frame), 'poke' in any state.
const machine = setup({ actions: { note: () => {} } }).createMachine({
  id: 'loops',
  initial: 'idle',
  on: { poke: { actions: 'note' } },
  states: {
    idle: { on: { type: { actions: 'note' }, tick: 'idle', go: 'busy' } },
    busy: {
      initial: 'a',
      on: { ping: { actions: 'note' }, done: 'idle' },
      states: { a: { on: { next: 'b' } }, b: {} },
    },
  },
});
const none = { states: new Set<string>(), transitions: new Set<string>() };
const texts = { state: (s: { key: string }) => s.key, transition: eventLabel, anyState: '(any state)' };
const legend = { start: 'Start', end: 'End', selected: 'Chosen', uncovered: 'Not covered' };

const layout = layoutFlowGraph(describeMachine(machine), describeRoot(machine).initial, texts, none);
const box = (path: string) => layout.nodes.find((node) => node.path === path);
type Box = FlowGraphLayout['nodes'][number];
type Point = { x: number; y: number };
const onRight = (node: Box, point: Point | undefined) =>
  point !== undefined &&
  Math.abs(point.x - (node.x + node.width / 2)) < 0.5 &&
  Math.abs(point.y - node.y) <= node.height / 2;
const onTop = (node: Box, point: Point | undefined) =>
  point !== undefined &&
  Math.abs(point.y - (node.y - node.height / 2)) < 0.5 &&
  Math.abs(point.x - node.x) <= node.width / 2;

describe('a transition that stays in its state', () => {
  it('is one curve leaving its box’s right border and coming back into it, its label beside the box', () => {
    const idle = box('idle');
    expect(idle).toBeDefined();
    if (!idle) return;
    const loops = layout.edges.filter((edge) => edge.loop && edge.key.startsWith('loops.idle::'));
    expect(loops.map((edge) => edge.lines.join(' ')).sort()).toEqual(['tick', 'type']);
    for (const loop of loops) {
      expect(loop.points).toHaveLength(4);
      expect(onRight(idle, loop.points[0]), loop.key).toBe(true);
      expect(onRight(idle, loop.points[3]), loop.key).toBe(true);
      // It reaches out of the box, and its label begins right of the curve, no farther than the curve's reach.
      const reach = Math.max(...loop.points.map((point) => point.x));
      const right = idle.x + idle.width / 2;
      expect(reach).toBeGreaterThan(right + 10);
      const labelLeft = loop.label.x - loop.label.width / 2;
      expect(labelLeft).toBeGreaterThanOrEqual(reach - 10);
      expect(labelLeft - right).toBeLessThan(60);
    }
    // Two loops of one box never meet: each has its own part of the border.
    const [first, second] = loops.map((loop) => loop.points);
    expect(first?.[3] && second?.[0] && first[3].y < second[0].y).toBe(true);
  });

  it('of a compound state leaves its frame’s top border and comes back into it; of any state, its row’s box', () => {
    const busy = box('busy');
    const ping = layout.edges.find((edge) => edge.loop && edge.lines[0] === 'ping');
    expect(busy && onTop(busy, ping?.points[0]) && onTop(busy, ping?.points[3])).toBe(true);
    const any = box('');
    const poke = layout.edges.find((edge) => edge.loop && edge.lines[0] === 'poke');
    expect(any && onRight(any, poke?.points[0]) && onRight(any, poke?.points[3])).toBe(true);
  });

  it('is drawn with the arrowhead, on the page and in the downloaded SVG', () => {
    const { container } = render(<FlowGraph layout={layout} legend={legend} title="Loops" />);
    const svg = container.querySelector('svg');
    const paths = [...container.querySelectorAll('path[data-loop]')];
    expect(paths).toHaveLength(4);
    const marker = container.querySelector('marker')?.id;
    expect(marker).toBeTruthy();
    for (const path of paths) {
      expect(path.getAttribute('marker-end')).toBe(`url(#${marker})`);
      // One cubic curve: M start C control control end, the ends those of the layout.
      const numbers = (path.getAttribute('d') ?? '').match(/-?[\d.]+/g)?.map(Number) ?? [];
      expect(path.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+ C/);
      expect(numbers).toHaveLength(8);
      const key = path.parentElement?.getAttribute('data-transition');
      const loop = layout.edges.find((edge) => edge.key === key);
      expect([numbers[0], numbers[1], numbers[6], numbers[7]]).toEqual([
        loop?.points[0]?.x,
        loop?.points[0]?.y,
        loop?.points[3]?.x,
        loop?.points[3]?.y,
      ]);
    }
    const file = svg ? svgText(svg, 'Loops · English · today · release test') : '';
    expect(file.match(/data-loop="true"[^>]*marker-end="url\(#arrow-Loops\)"/g)).toHaveLength(4);
  });
});
