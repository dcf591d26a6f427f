import { LABEL_SIZE } from './flowGraph';

/**
 * How a flow's picture goes onto A4 paper with no text under 7 pt (docs/decisions/conventions.md: Flow titles and
 * layout): the smallest text is an arc's label (LABEL_SIZE units), so a unit may print no smaller than
 * `PRINT_MM_PER_UNIT`. A picture that fits a portrait page at that scale is printed there (scaled to fit, so larger);
 * one that fits a landscape page, on a landscape page; a larger one is cut into equal parts, each on a landscape page
 * of its own at exactly that scale.
 */

/** 7 pt in millimetres. */
const MIN_TEXT_MM = (7 / 72) * 25.4;

/** Millimetres per picture unit at which the arcs' labels print at 7 pt. */
export const PRINT_MM_PER_UNIT = MIN_TEXT_MM / LABEL_SIZE;

/**
 * The room a picture has on A4 with 12 mm margins (flows.css @page), below the sheet's heading lines: portrait
 * 186 × 200 mm (the picture's print max-height), landscape 273 × 140 mm (46 mm left for a heading of a title, its
 * addresses and a long spec reference).
 */
export const PRINT_AREA = {
  portrait: { width: 186, height: 200 },
  landscape: { width: 273, height: 140 },
} as const;

export interface PrintTile {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PrintPlan =
  | { kind: 'portrait' | 'landscape' }
  /** Parts left to right, then top to bottom, each a landscape page at `PRINT_MM_PER_UNIT`. */
  | { kind: 'tiles'; tiles: PrintTile[] };

export function printPlan({ width, height }: { width: number; height: number }): PrintPlan {
  const fits = (area: { width: number; height: number }) =>
    width * PRINT_MM_PER_UNIT <= area.width && height * PRINT_MM_PER_UNIT <= area.height;
  if (fits(PRINT_AREA.portrait)) return { kind: 'portrait' };
  if (fits(PRINT_AREA.landscape)) return { kind: 'landscape' };
  const columns = Math.ceil((width * PRINT_MM_PER_UNIT) / PRINT_AREA.landscape.width);
  const rows = Math.ceil((height * PRINT_MM_PER_UNIT) / PRINT_AREA.landscape.height);
  const tileWidth = width / columns;
  const tileHeight = height / rows;
  const tiles: PrintTile[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      tiles.push({ x: column * tileWidth, y: row * tileHeight, width: tileWidth, height: tileHeight });
  return { kind: 'tiles', tiles };
}
