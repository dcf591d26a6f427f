import { readFileSync, writeFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { MachineName } from '../../../machines/registry';
import { flowEntry, flowNames } from '../flowCatalog';
import { countCrossings, segmentsCross } from './crossings';
import { DEFAULT_VARIANT, LAYOUT_VARIANTS, type LayoutVariant, layoutFlowGraph } from './flowGraph';
import { graphTexts, type LayoutChoice, layoutChoices } from './flowTexts';

/** `npm run flows:layout`: choose each flow's way of layout again and rewrite the record and the README's table. */
const UPDATE = process.env.FLOWS_LAYOUT_UPDATE === '1';
const CHOICES_FILE = 'ui/flows/graph/layoutChoices.json';
const README = 'ui/flows/README.md';
const TABLE = /(<!-- crossings -->\n)[\s\S]*?(<!-- \/crossings -->)/;

describe('counting crossings', () => {
  it('counts where two segments cross inside both, not where they touch or run along each other', () => {
    const p = (x: number, y: number) => ({ x, y });
    expect(segmentsCross(p(0, 0), p(10, 10), p(0, 10), p(10, 0))).toBe(true);
    expect(segmentsCross(p(0, 0), p(10, 10), p(10, 10), p(20, 0))).toBe(false);
    expect(segmentsCross(p(0, 0), p(10, 0), p(5, 0), p(5, 10))).toBe(false);
    expect(segmentsCross(p(0, 0), p(10, 0), p(5, 0), p(15, 0))).toBe(false);
    expect(segmentsCross(p(0, 0), p(10, 0), p(0, 5), p(10, 5))).toBe(false);
  });

  it('a square with its two diagonals crosses once; a zigzag across a line crosses it at each pass', () => {
    const [a, b, c, d] = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ] as const;
    // Four sides meet only at the corners (shared ends); the diagonals cross in the middle.
    const square = [
      [a, b],
      [b, c],
      [c, d],
      [d, a],
      [a, c],
      [b, d],
    ].map((points) => ({ points }));
    expect(countCrossings(square)).toBe(1);
    const line = { points: [a, b] };
    const zigzag = {
      points: [
        { x: 10, y: -10 },
        { x: 30, y: 10 },
        { x: 50, y: -10 },
        { x: 70, y: 10 },
      ],
    };
    expect(countCrossings([line, zigzag])).toBe(3);
    // An arc's own segments never count against each other.
    expect(countCrossings([{ points: [a, c, b, d] }])).toBe(0);
  });
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const missing = { states: new Set<string>(), transitions: new Set<string>() };

function crossingsOf(name: MachineName, variant: LayoutVariant | undefined) {
  const flow = flowEntry(name);
  const layout = layoutFlowGraph(
    flow.definition,
    flow.machine.root.initial?.target?.[0]?.key,
    graphTexts(i18n, name, 'reader'),
    missing,
    variant,
  );
  return { arrows: layout.edges.length, crossings: countCrossings(layout.edges), width: layout.width };
}

/** The way with the fewest crossings; among equals the narrower picture, then the earlier way (dagre's first). */
function choose(name: MachineName): LayoutChoice {
  const before = crossingsOf(name, DEFAULT_VARIANT);
  let best = { variant: DEFAULT_VARIANT, ...before };
  for (const variant of LAYOUT_VARIANTS) {
    const tried = crossingsOf(name, variant);
    if (tried.crossings < best.crossings || (tried.crossings === best.crossings && tried.width < best.width))
      best = { variant, ...tried };
  }
  return { variant: best.variant, arrows: best.arrows, before: before.crossings, crossings: best.crossings };
}

function table(choices: Partial<Record<MachineName, LayoutChoice>>) {
  const rows = flowNames.map((name) => {
    const choice = choices[name];
    return `| ${name} | ${choice?.arrows ?? '?'} | ${choice?.before ?? '?'} → ${choice?.crossings ?? '?'} |`;
  });
  return ['| Flow | Arrows | Crossings: dagre default → chosen |', '|---|---|---|', ...rows, ''].join('\n');
}

describe('each flow crosses its arcs no more than its record says (layoutChoices.json)', () => {
  it.runIf(UPDATE)(
    'chooses every flow’s way of layout again (FLOWS_LAYOUT_UPDATE=1)',
    () => {
      const chosen = Object.fromEntries(flowNames.map((name) => [name, choose(name)]));
      writeFileSync(CHOICES_FILE, `${JSON.stringify(chosen, null, 2)}\n`);
      writeFileSync(README, readFileSync(README, 'utf8').replace(TABLE, `$1${table(chosen)}$2`));
    },
    300_000,
  );

  it.skipIf(UPDATE)(
    'every flow has a record, and its picture crosses no more than it',
    () => {
      for (const name of flowNames) {
        const record = layoutChoices[name];
        expect(record, `${name}: no layout choice; run npm run flows:layout`).toBeDefined();
        const now = crossingsOf(name, record?.variant);
        expect(
          now.crossings,
          `${name} now has ${now.crossings} crossings, its record ${record?.crossings}: run npm run flows:layout`,
        ).toBeLessThanOrEqual(record?.crossings ?? 0);
      }
    },
    60_000,
  );

  it.skipIf(UPDATE)('the README states the recorded numbers', () => {
    expect(readFileSync(README, 'utf8').match(TABLE)?.[0]).toContain(table(layoutChoices));
  });
});
