import type { Channel } from '../../api/contract/lists';
import type { TableSort } from '../components/SortableTable';
import type { SortValue } from './sortRows';

export type ChannelColumn = 'name' | 'role' | 'organisation' | 'creator' | 'updated' | 'created';

/** spec 2: channels start sorted by creator, A-Z. */
export const CHANNELS_DEFAULT_SORT: TableSort<ChannelColumn> = { key: 'creator', direction: 'asc' };

export const channelSortValue = (channel: Channel, key: ChannelColumn): SortValue =>
  ({
    name: channel.name,
    role: channel.role,
    organisation: channel.organisationName,
    creator: channel.ownerName,
    updated: channel.updated,
    created: channel.created,
  })[key];
