import { useLingui } from '@lingui/react/macro';
import { memo, useCallback, useMemo } from 'react';
import { ADMIN_AREA_ROLES } from '../../api/contract/limits';
import type { Channel } from '../../api/contract/lists';
import { channelAdminUrl, channelWebAppUrl } from '../../api/contract/urls';
import { ROLE_LABELS } from '../../i18n/roleLabels';
import { type ChannelColumn, channelSortValue, type ListSort } from '../../machines/lists/lists.rules';
import type { FuseClass } from '../../machines/lists/lists.search';
import { Pager } from '../components/Pager';
import { SortableTable, type TableColumn } from '../components/SortableTable';
import { ArchivedBadge } from './ArchivedBadge';
import { formatListDate } from './formatDate';
import { useListTable } from './useListTable';

/** spec 2: a channel links to its admin area for the admin roles, to its web app otherwise. */
export const channelHref = (channel: Channel): string =>
  ADMIN_AREA_ROLES.includes(channel.role) ? channelAdminUrl(channel.url) : channelWebAppUrl(channel.url);

export interface ChannelsTableProps {
  channels: readonly Channel[];
  query: string;
  Fuse: FuseClass | undefined;
  /** The order and page the lists machine holds; a header click or the pager asks for another. */
  sort: ListSort<ChannelColumn>;
  page: number;
  onSortChange: (sort: ListSort<ChannelColumn>) => void;
  onPageChange: (page: number) => void;
  /** The id of the channel just created, marked in the table. */
  landed?: string;
}

/**
 * spec 2 Me page, list area: the channels table, searched, sorted and paged. Memoised: it redraws when its list,
 * query or fuse.js changes, not with every render of the list area.
 */
export const ChannelsTable = memo(function ChannelsTable({
  channels,
  query,
  Fuse,
  sort,
  page,
  onSortChange,
  onPageChange,
  landed,
}: ChannelsTableProps) {
  const { t, i18n } = useLingui();
  const archived = t`Archived`;
  // The word the Archived badge shows, so searching 'archiv' (or a prefix in the viewer's language) finds it.
  const statusOf = useCallback((c: Channel) => (c.archived ? archived : undefined), [archived]);
  const table = useListTable({
    rows: channels,
    query,
    Fuse,
    sort,
    page,
    sortValueOf: channelSortValue,
    statusOf,
  });
  // Stable cells, so a row already on the page is not redrawn (SortableTable memoises rows).
  const columns = useMemo(
    (): TableColumn<Channel, ChannelColumn>[] => [
      {
        key: 'name',
        header: t`Name`,
        text: (c) => c.name,
        cell: (c) => (
          <>
            <a href={channelHref(c)}>{c.name}</a>
            {c.archived && <ArchivedBadge />}
          </>
        ),
      },
      { key: 'role', header: t`Your role`, cell: (c) => i18n._(ROLE_LABELS[c.role]) },
      {
        key: 'organisation',
        header: t`Organisation`,
        priority: 2,
        text: (c) => c.organisationName,
        cell: (c) => c.organisationName,
      },
      { key: 'creator', header: t`Creator`, priority: 2, text: (c) => c.ownerName, cell: (c) => c.ownerName },
      { key: 'updated', header: t`Last Update`, priority: 2, cell: (c) => formatListDate(c.updated) },
      { key: 'created', header: t`Creation Date`, priority: 2, cell: (c) => formatListDate(c.created) },
    ],
    [t, i18n],
  );
  const empty = query.trim() ? t`No channels found that match your search` : t`You have no channels yet`;
  return (
    <>
      <SortableTable
        caption={t`Your channels`}
        hideCaption
        columns={columns}
        rows={table.rows}
        rowKey={(c) => c.id}
        sort={sort}
        onSortChange={onSortChange}
        empty={empty}
        marked={landed === undefined ? undefined : { key: landed, label: t`New` }}
      />
      {table.pager && (
        <Pager page={table.page} pages={table.pages} onPageChange={onPageChange} label={t`Channel pages`} />
      )}
    </>
  );
});
