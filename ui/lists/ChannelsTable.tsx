import { useLingui } from '@lingui/react/macro';
import { ADMIN_AREA_ROLES } from '../../api/contract/limits';
import type { Channel } from '../../api/contract/lists';
import { channelAdminUrl, channelWebAppUrl } from '../../routes/urls';
import { SortableTable, type TableColumn } from '../components/SortableTable';
import { formatListDate } from './formatDate';

export type ChannelColumn = 'name' | 'role' | 'organisation' | 'creator' | 'updated' | 'created';

/** spec 2: a channel links to its admin area for the admin roles, to its web app otherwise. */
export const channelHref = (channel: Channel): string =>
  ADMIN_AREA_ROLES.includes(channel.role) ? channelAdminUrl(channel.url) : channelWebAppUrl(channel.url);

/** spec 2 Me page, list area: the channels table. */
export function ChannelsTable({ channels, empty }: { channels: readonly Channel[]; empty: string }) {
  const { t } = useLingui();
  const columns: TableColumn<Channel, ChannelColumn>[] = [
    { key: 'name', header: t`Name`, cell: (c) => <a href={channelHref(c)}>{c.name}</a> },
    { key: 'role', header: t`Your role`, cell: (c) => c.role },
    { key: 'organisation', header: t`Organisation`, cell: (c) => c.organisationName },
    { key: 'creator', header: t`Creator`, cell: (c) => c.ownerName },
    { key: 'updated', header: t`Last Update`, cell: (c) => formatListDate(c.updated) },
    { key: 'created', header: t`Creation Date`, cell: (c) => formatListDate(c.created) },
  ];
  return (
    <SortableTable
      caption={t`Your channels`}
      hideCaption
      columns={columns}
      rows={channels}
      rowKey={(c) => c.id}
      empty={empty}
    />
  );
}
