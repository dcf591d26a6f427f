/** spec 2 lists: the paging rule, pages of PAGE_SIZE (the view only calls these: ui/lists/useListTable.ts). */
import { PAGE_SIZE } from '../../api/contract/limits';

/** spec 2 lists: 15 a page. */
export const pageCountOf = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** A page that exists: a shorter list (a search, a removal) keeps the user on its last page, not past it. */
export const clampPage = (page: number, total: number): number =>
  Math.min(Math.max(1, page), pageCountOf(total));

export const pageOf = <Row>(rows: readonly Row[], page: number): readonly Row[] =>
  rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

/** spec 2 lists: the pager is shown when a full page is shown. */
export const showsPager = (total: number): boolean => total >= PAGE_SIZE;
