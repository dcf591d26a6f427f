import { useLingui } from '@lingui/react/macro';
import { memo, type ReactNode, useMemo } from 'react';
import type { Organisation } from '../../api/contract/lists';
import { Pager } from '../components/Pager';
import { SortableTable, type TableColumn, type TableSort } from '../components/SortableTable';
import { formatListDate } from './formatDate';
import type { FuseClass } from './loadFuse';
import type { SortValue } from './sortRows';
import { useListTable } from './useListTable';

export type OrganisationColumn = 'name' | 'users' | 'channels' | 'created';

/** spec 2: organisations start sorted by name, A-Z. */
export const ORGANISATIONS_DEFAULT_SORT: TableSort<OrganisationColumn> = { key: 'name', direction: 'asc' };

export const organisationSortValue = (organisation: Organisation, key: OrganisationColumn): SortValue =>
  ({
    name: organisation.name,
    users: organisation.readersCount,
    channels: organisation.channelCount,
    created: organisation.created,
  })[key];

export interface OrganisationsTableProps {
  organisations: readonly Organisation[];
  query: string;
  Fuse: FuseClass | undefined;
  /** spec 2: the empty list's message when nothing is searched ('add some!' for staff). */
  noneYet: ReactNode;
  /** spec 2: an organisation links to its organisation URL (routes/urls.ts, built by the route). */
  organisationHref: (subdomain: string) => string;
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
}: OrganisationsTableProps) {
  const { t } = useLingui();
  const table = useListTable({
    rows: organisations,
    query,
    Fuse,
    defaultSort: ORGANISATIONS_DEFAULT_SORT,
    sortValueOf: organisationSortValue,
  });
  const columns = useMemo(
    (): TableColumn<Organisation, OrganisationColumn>[] => [
      { key: 'name', header: t`Name`, cell: (o) => <a href={organisationHref(o.subdomain)}>{o.name}</a> },
      { key: 'users', header: t`Users`, cell: (o) => o.readersCount, align: 'end' },
      { key: 'channels', header: t`Channels`, cell: (o) => o.channelCount, align: 'end' },
      { key: 'created', header: t`Creation Date`, cell: (o) => formatListDate(o.created) },
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
        sort={table.sort}
        onSortChange={table.setSort}
        empty={empty}
      />
      {table.pager && (
        <Pager
          page={table.page}
          pages={table.pages}
          onPageChange={table.setPage}
          label={t`Organisation pages`}
        />
      )}
    </>
  );
});
