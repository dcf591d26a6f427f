import { describe, expect, it } from 'vitest';
import { LABEL_SIZE } from './flowGraph';
import { PRINT_AREA, PRINT_MM_PER_UNIT, printPlan } from './printPlan';

const points = (units: number, mmPerUnit: number) => ((units * mmPerUnit) / 25.4) * 72;

describe('a flow picture on A4 with no text under 7 pt', () => {
  it('prints the smallest label at 7 pt at the scale it plans with', () => {
    expect(points(LABEL_SIZE, PRINT_MM_PER_UNIT)).toBeCloseTo(7, 5);
  });

  it('keeps a small picture on a portrait page, a wider one on a landscape page', () => {
    expect(printPlan({ width: 800, height: 600 })).toEqual({ kind: 'portrait' });
    expect(printPlan({ width: 946, height: 500 })).toEqual({ kind: 'landscape' });
  });

  it('cuts a larger picture into equal parts that cover it, each fitting a landscape page at 7 pt', () => {
    const size = { width: 2765, height: 1260 };
    const plan = printPlan(size);
    if (plan.kind !== 'tiles') throw new Error(`expected parts, planned ${plan.kind}`);
    expect(plan.tiles).toHaveLength(3 * 3);
    for (const tile of plan.tiles) {
      expect(tile.width * PRINT_MM_PER_UNIT).toBeLessThanOrEqual(PRINT_AREA.landscape.width);
      expect(tile.height * PRINT_MM_PER_UNIT).toBeLessThanOrEqual(PRINT_AREA.landscape.height);
    }
    const area = plan.tiles.reduce((sum, tile) => sum + tile.width * tile.height, 0);
    expect(area).toBeCloseTo(size.width * size.height, 3);
    expect(plan.tiles.at(-1)).toMatchObject({ x: (2765 / 3) * 2, y: 840 });
  });
});
