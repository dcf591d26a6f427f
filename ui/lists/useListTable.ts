import { useMemo, useState } from 'react';
import type { TableSort } from '../components/SortableTable';
import type { FuseClass } from './loadFuse';
import { clampPage, pageCountOf, pageOf, showsPager } from './paging';
import { type Searchable, searcherOf } from './searchRows';
import { type SortValue, sortRows } from './sortRows';

export interface ListTableOptions<Row extends Searchable, Key extends string> {
  rows: readonly Row[];
  query: string;
  Fuse: FuseClass | undefined;
  defaultSort: TableSort<Key>;
  sortValueOf: (row: Row, key: Key) => SortValue;
}

/**
 * spec 2 lists: search, then sort, then a page of 15. The sorted list is kept per sort (not per keystroke) and
 * the fuse index per list, so a keystroke over thousands of rows is one search and one filter. A new search
 * or sort starts on page 1 (the rows there are the ones the user asked for); a page past the end is clamped.
 */
export function useListTable<Row extends Searchable, Key extends string>({
  rows,
  query,
  Fuse,
  defaultSort,
  sortValueOf,
}: ListTableOptions<Row, Key>) {
  const [sort, setSortState] = useState(defaultSort);
  const [pageState, setPageState] = useState({ page: 1, query, sort });
  const sorted = useMemo(() => sortRows(rows, sort, sortValueOf), [rows, sort, sortValueOf]);
  const search = useMemo(() => searcherOf(sorted, Fuse), [sorted, Fuse]);
  const found = useMemo(() => search(query), [search, query]);
  // A changed search goes back to page 1 (derived during render, no effect and no extra paint).
  const requested = pageState.query === query && pageState.sort === sort ? pageState.page : 1;
  const page = clampPage(requested, found.length);
  return {
    rows: pageOf(found, page),
    total: found.length,
    sort,
    setSort: (next: TableSort<Key>) => setSortState(next),
    page,
    pages: pageCountOf(found.length),
    pager: showsPager(found.length),
    setPage: (next: number) => setPageState({ page: next, query, sort }),
  };
}
