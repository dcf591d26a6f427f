import { useMemo } from 'react';
import { clampPage, pageCountOf, pageOf, showsPager } from '../../machines/lists/lists.paging';
import { keptRanks, type ListSort, type SortValue, sortRows } from '../../machines/lists/lists.rules';
import {
  type FuseClass,
  keepFound,
  type Searchable,
  searchOf,
  withStatus,
} from '../../machines/lists/lists.search';

export interface ListTableOptions<Row extends Searchable, Key extends string> {
  rows: readonly Row[];
  query: string;
  Fuse: FuseClass | undefined;
  /** The order and page the lists machine holds (docs/decisions/product.md: Lists in the address). */
  sort: ListSort<Key>;
  page: number;
  sortValueOf: (row: Row, key: Key) => SortValue;
  /**
   * The status word a row shows (e.g. 'Archived'), as the viewer reads it in their locale, or undefined: a query
   * that begins that word finds the row too (docs/decisions/product.md: searching a status).
   */
  statusOf?: (row: Row) => string | undefined;
}

/**
 * spec 2 lists: search, sort, then a page of 15. Each piece of work is kept until what it depends on changes:
 * the search index per list load (and fuse.js's arrival), each column's ranks per list, the sorted list per sort,
 * the rows found per query. So a keystroke over thousands of rows is one (prefiltered) search and one filter of the
 * sorted list that keeps its order; a sort click is one sort (of numbers, once the column has been sorted before)
 * and that same filter. Only the page of 15 is rendered.
 * The order and the page are the lists machine's (which starts a new search or sort on page 1); a page past the
 * end (the list got shorter, or an old link) is clamped to the last one. The rules are the lists machine's
 * (machines/lists: lists.search, lists.rules, lists.paging); this hook only keeps their results.
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
