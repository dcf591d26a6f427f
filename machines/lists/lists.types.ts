import type { ActorRefFrom } from 'xstate';
import type { Channel, Organisation } from '../../api/contract/lists';
import type { Refusal } from '../form/refusal';
import type { listsMachine } from './lists.machine';
import type { ChannelColumn, ListSort, OrganisationColumn } from './lists.rules';

/** spec 2 Me page, list area: the two tabs. */
export type ListTab = 'channels' | 'organisations';

/** Where a list is shown: its page (from 1) and its order (docs/decisions/product.md: Lists in the address). */
export interface ListPlace<Key extends string> {
  page: number;
  sort: ListSort<Key>;
}

export interface ListsContext {
  channels: Channel[];
  organisations: Organisation[];
  /** spec 7: organisation URLs are built on this subdomain. */
  baseOrganisationSubdomain: string;
  channelsError: Refusal | undefined;
  organisationsError: Refusal | undefined;
  /** The tab the address names, until the tab region has opened it (docs/decisions/product.md: Lists in the address). */
  openTab: ListTab | undefined;
  /** spec 2 lists: the one search box's text, applied to both lists. */
  query: string;
  channelsPlace: ListPlace<ChannelColumn>;
  organisationsPlace: ListPlace<OrganisationColumn>;
  /** The entry just created, shown (marked) on the page that holds it. */
  landed: { list: ListTab; id: string } | undefined;
}

/** What /me's address says about the lists (routes/search/search.ts MeSearch); anything missing is the default. */
export interface ListsInput {
  tab?: ListTab;
  query?: string;
  channels?: Partial<ListPlace<ChannelColumn>>;
  organisations?: Partial<ListPlace<OrganisationColumn>>;
}

export type ListsEvent =
  | { type: 'tab.select'; tab: ListTab }
  | { type: 'channels.retry' }
  | { type: 'organisations.retry' }
  | { type: 'channel.created'; channel: Channel }
  | { type: 'organisation.created'; organisation: Organisation }
  | { type: 'query.change'; query: string }
  | { type: 'channels.sort'; sort: ListSort<ChannelColumn> }
  | { type: 'organisations.sort'; sort: ListSort<OrganisationColumn> }
  | { type: 'channels.page'; page: number }
  | { type: 'organisations.page'; page: number };

export type ListsActorRef = ActorRefFrom<typeof listsMachine>;
