import { useMemo, useState } from 'react';
import type { TableSort } from '../components/SortableTable';
import type { FuseClass } from './loadFuse';
import { clampPage, pageCountOf, pageOf, showsPager } from './paging';
import { keepFound, type Searchable, searchOf } from './searchRows';
import { type SortValue, sortRows } from './sortRows';

export interface ListTableOptions<Row extends Searchable, Key extends string> {
  rows: readonly Row[];
  query: string;
  Fuse: FuseClass | undefined;
  defaultSort: TableSort<Key>;
  sortValueOf: (row: Row, key: Key) => SortValue;
  /**
   * The status word a row shows (e.g. 'Archived'), as the viewer reads it in their locale, or undefined: a query
   * that begins that word finds the row too (docs/decisions.md: searching a status).
   */
  statusOf?: (row: Row) => string | undefined;
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
 * the search index per list load (and fuse.js's arrival), the sorted list per sort, the rows found per query.
 * So a keystroke over thousands of rows is one (prefiltered) search and one filter of the sorted list that
 * keeps its order; a sort click is one sort and that same filter. Only the page of 15 is rendered.
 * A new search or sort starts on page 1 (the rows there are the ones the user asked for); a page past the end
 * (the list got shorter) is clamped to the last one.
 */
export function useListTable<Row extends Searchable, Key extends string>({
  rows,
  query,
  Fuse,
  defaultSort,
  sortValueOf,
  statusOf,
}: ListTableOptions<Row, Key>) {
  const [sort, setSortState] = useState(defaultSort);
  const [pageState, setPageState] = useState({ page: 1, query, sort });
  const search = useMemo(() => searchOf(rows, Fuse), [rows, Fuse]);
  const sorted = useMemo(() => sortRows(rows, sort, sortValueOf), [rows, sort, sortValueOf]);
  const matches = useMemo(
    () => withStatus(rows, search(query), query, statusOf),
    [rows, search, query, statusOf],
  );
  const found = useMemo(() => keepFound(sorted, matches), [sorted, matches]);
  // A changed search or sort goes back to page 1 (derived during render, no effect and no extra paint).
  const requested = pageState.query === query && pageState.sort === sort ? pageState.page : 1;
  const page = clampPage(requested, found.length);
  const shown = useMemo(() => pageOf(found, page), [found, page]);
  return {
    rows: shown,
    total: found.length,
    sort,
    setSort: (next: TableSort<Key>) => setSortState(next),
    page,
    pages: pageCountOf(found.length),
    pager: showsPager(found.length),
    setPage: (next: number) => setPageState({ page: next, query, sort }),
  };
}
