import { useLingui } from '@lingui/react/macro';
import { memo, type ReactNode, useMemo } from 'react';
import type { Organisation } from '../../api/contract/lists';
import {
  type ListSort,
  type OrganisationColumn,
  organisationSortValue,
} from '../../machines/lists/lists.rules';
import type { FuseClass } from '../../machines/lists/lists.search';
import { Pager } from '../components/Pager';
import { SortableTable, type TableColumn } from '../components/SortableTable';
import { formatListDate } from './formatDate';
import { useListTable } from './useListTable';

export interface OrganisationsTableProps {
  organisations: readonly Organisation[];
  query: string;
  Fuse: FuseClass | undefined;
  /** spec 2: the empty list's message when nothing is searched ('add some!' for staff). */
  noneYet: ReactNode;
  /** spec 2: an organisation links to its organisation URL (api/contract/urls.ts, built by the route). */
  organisationHref: (subdomain: string) => string;
  /** The order and page the lists machine holds; a header click or the pager asks for another. */
  sort: ListSort<OrganisationColumn>;
  page: number;
  onSortChange: (sort: ListSort<OrganisationColumn>) => void;
  onPageChange: (page: number) => void;
  /** The id of the organisation just created, marked in the table. */
  landed?: string;
}

/**
 * spec 2 Me page, list area: the organisations table, searched, sorted and paged. Memoised like the channels
 * table: it redraws when its list, query or fuse.js changes.
 */
export const OrganisationsTable = memo(function OrganisationsTable({
  organisations,
  query,
  Fuse,
  noneYet,
  organisationHref,
  sort,
  page,
  onSortChange,
  onPageChange,
  landed,
}: OrganisationsTableProps) {
  const { t } = useLingui();
  const table = useListTable({
    rows: organisations,
    query,
    Fuse,
    sort,
    page,
    sortValueOf: organisationSortValue,
  });
  const columns = useMemo(
    (): TableColumn<Organisation, OrganisationColumn>[] => [
      {
        key: 'name',
        header: t`Name`,
        text: (o) => o.name,
        cell: (o) => <a href={organisationHref(o.subdomain)}>{o.name}</a>,
      },
      { key: 'users', header: t`Users`, cell: (o) => o.readersCount, align: 'end' },
      { key: 'channels', header: t`Channels`, cell: (o) => o.channelCount, align: 'end' },
      { key: 'created', header: t`Creation Date`, priority: 2, cell: (o) => formatListDate(o.created) },
    ],
    [t, organisationHref],
  );
  const empty = query.trim() ? t`No organisations found that match your search` : noneYet;
  return (
    <>
      <SortableTable
        caption={t`Your organisations`}
        hideCaption
        columns={columns}
        rows={table.rows}
        rowKey={(o) => o.id}
        sort={sort}
        onSortChange={onSortChange}
        empty={empty}
        marked={landed === undefined ? undefined : { key: landed, label: t`New` }}
      />
      {table.pager && (
        <Pager
          page={table.page}
          pages={table.pages}
          onPageChange={onPageChange}
          label={t`Organisation pages`}
        />
      )}
    </>
  );
});
