import { describe, expect, it } from 'vitest';
import { type ListSort, type SortValue, sortRows } from './lists.rules';

interface Row {
  id: number;
  name: string;
  count: number;
  at: Date;
}

/** The order spec 2 asks for, written plainly: compare the column's values, ties in list order. */
function plainOrder(rows: readonly Row[], { key, direction }: ListSort<'name' | 'count' | 'at'>): number[] {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const compare = (a: SortValue, b: SortValue) =>
    typeof a === 'string' && typeof b === 'string' ? collator.compare(a, b) : Number(a) - Number(b);
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row[key], b.row[key]) || a.index - b.index)
    .map(({ row }) => row.id);
}

// Names that differ only in case or accents (equal at base sensitivity), numbers inside names, repeated counts and
// dates: many ties, in a scrambled list order.
const NAMES = ['Harbour 10', 'harbour 9', 'Cédar', 'cedar', 'Granite', 'granite 2', 'Zeta', 'alpha', 'Älpha'];
const rows: Row[] = Array.from({ length: 60 }, (_, n) => ({
  id: n,
  name: NAMES[(n * 7) % NAMES.length]!,
  count: (n * 5) % 4,
  at: new Date(Date.UTC(2024, 0, 1 + ((n * 11) % 6))),
}));
const columnValue = (row: Row, key: 'name' | 'count' | 'at'): SortValue => row[key];

describe('sortRows (spec 2 lists: a header click sorts)', () => {
  it.each(['name', 'count', 'at'] as const)('orders by %s both ways as the plain comparison does', (key) => {
    for (const direction of ['asc', 'desc'] as const) {
      const sort = { key, direction };
      expect(sortRows(rows, sort, columnValue).map((row) => row.id)).toEqual(plainOrder(rows, sort));
    }
  });

  it('descending is ascending reversed on the column, rows equal on it keeping their list order', () => {
    const desc = sortRows(rows, { key: 'count', direction: 'desc' }, columnValue);
    expect(desc.map((row) => row.count)).toEqual(rows.map((row) => row.count).sort((a, b) => b - a));
    const threes = desc.filter((row) => row.count === 3).map((row) => row.id);
    expect(threes).toEqual([...threes].sort((a, b) => a - b));
  });
});
