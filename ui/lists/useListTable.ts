import { useMemo } from 'react';
import { columnRanks, type ListSort, type SortValue, sortRows } from '../../machines/lists/lists.rules';
import type { FuseClass } from './loadFuse';
import { clampPage, pageCountOf, pageOf, showsPager } from './paging';
import { keepFound, type Searchable, searchOf } from './searchRows';

export interface ListTableOptions<Row extends Searchable, Key extends string> {
  rows: readonly Row[];
  query: string;
  Fuse: FuseClass | undefined;
  /** The order and page the lists machine holds (docs/decisions.md: Lists in the address). */
  sort: ListSort<Key>;
  page: number;
  sortValueOf: (row: Row, key: Key) => SortValue;
  /**
   * The status word a row shows (e.g. 'Archived'), as the viewer reads it in their locale, or undefined: a query
   * that begins that word finds the row too (docs/decisions.md: searching a status).
   */
  statusOf?: (row: Row) => string | undefined;
}

/** A list's column ranks (lists.rules columnRanks), each made on its column's first sort and then kept. */
function keptRanks<Row, Key extends string>(
  rows: readonly Row[],
  sortValueOf: (row: Row, key: Key) => SortValue,
): (key: Key) => Uint32Array {
  const kept = new Map<Key, Uint32Array>();
  return (key) => {
    let ranks = kept.get(key);
    if (!ranks) {
      ranks = columnRanks(rows, key, sortValueOf);
      kept.set(key, ranks);
    }
    return ranks;
  };
}

/** The rows whose shown status word begins with the query (case-insensitive, in the viewer's locale). */
function withStatus<Row>(
  rows: readonly Row[],
  found: ReadonlySet<Row> | undefined,
  query: string,
  statusOf: ((row: Row) => string | undefined) | undefined,
): ReadonlySet<Row> | undefined {
  const needle = query.trim().toLocaleLowerCase();
  if (!found || !statusOf || !needle) return found;
  const byStatus = rows.filter((row) => statusOf(row)?.toLocaleLowerCase().startsWith(needle));
  return byStatus.length === 0 ? found : new Set([...found, ...byStatus]);
}

/**
 * spec 2 lists: search, sort, then a page of 15. Each piece of work is kept until what it depends on changes:
 * the search index per list load (and fuse.js's arrival), each column's ranks per list, the sorted list per sort,
 * the rows found per query. So a keystroke over thousands of rows is one (prefiltered) search and one filter of the
 * sorted list that keeps its order; a sort click is one sort (of numbers, once the column has been sorted before)
 * and that same filter. Only the page of 15 is rendered.
 * The order and the page are the lists machine's (which starts a new search or sort on page 1); a page past the
 * end (the list got shorter, or an old link) is clamped to the last one.
 */
export function useListTable<Row extends Searchable, Key extends string>({
  rows,
  query,
  Fuse,
  sort,
  page: requested,
  sortValueOf,
  statusOf,
}: ListTableOptions<Row, Key>) {
  const search = useMemo(() => searchOf(rows, Fuse), [rows, Fuse]);
  const ranksOf = useMemo(() => keptRanks(rows, sortValueOf), [rows, sortValueOf]);
  const sorted = useMemo(
    () => sortRows(rows, sort, sortValueOf, ranksOf(sort.key)),
    [rows, sort, sortValueOf, ranksOf],
  );
  const matches = useMemo(
    () => withStatus(rows, search(query), query, statusOf),
    [rows, search, query, statusOf],
  );
  const found = useMemo(() => keepFound(sorted, matches), [sorted, matches]);
  const page = clampPage(requested, found.length);
  const shown = useMemo(() => pageOf(found, page), [found, page]);
  return {
    rows: shown,
    total: found.length,
    page,
    pages: pageCountOf(found.length),
    pager: showsPager(found.length),
  };
}
