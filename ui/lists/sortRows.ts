import type { TableSort } from '../components/SortableTable';

export type SortValue = string | number | Date;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const compareValues = (a: SortValue, b: SortValue): number => {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
};

/**
 * spec 2 lists: sorting only reorders. Stable, so rows equal on the column keep their order (the list order),
 * and descending is the exact reverse of ascending on the column.
 */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: TableSort<Key>,
  sortValueOf: (row: Row, key: Key) => SortValue,
): Row[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row, sort.key) }))
    .sort((a, b) => sign * compareValues(a.value, b.value) || a.index - b.index)
    .map((entry) => entry.row);
}
