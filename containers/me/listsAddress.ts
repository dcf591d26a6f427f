import type { SortDirection } from '../../api/contract/limits';
import {
  CHANNELS_DEFAULT_SORT,
  type ListSort,
  ORGANISATIONS_DEFAULT_SORT,
} from '../../machines/lists/lists.rules';
import type { ListsActorRef, ListsInput, ListTab } from '../../machines/lists/lists.types';

/**
 * docs/decisions/product.md Lists in the address: /me's search parameters <-> the lists machine. The router owns the
 * address, the machine the flow: the route reads the search into the machine's input, and writes the machine's
 * changes back (with defaults left out, so a plain /me stays plain).
 */
/** The lists' part of /me's search (routes/search/search.ts MeSearch holds the same keys, validated). */
export interface ListsSearch {
  list?: ListTab | undefined;
  q?: string | undefined;
  channelsPage?: number | undefined;
  /** `<column>.<asc|desc>`, one of the list's columns (checked by MeSearch). */
  channelsSort?: string | undefined;
  organisationsPage?: number | undefined;
  organisationsSort?: string | undefined;
}

const sortFrom = <Key extends string>(value: string | undefined): ListSort<Key> | undefined => {
  if (value === undefined) return undefined;
  const [key, direction] = value.split('.') as [Key, SortDirection];
  return { key, direction };
};

const sortText = <Key extends string>(sort: ListSort<Key>, fallback: ListSort<Key>): string | undefined =>
  sort.key === fallback.key && sort.direction === fallback.direction
    ? undefined
    : `${sort.key}.${sort.direction}`;

/** The lists' part of /me's search, for a component that reads only that (useSearch's select). */
export const listsSearchIn = ({
  list,
  q,
  channelsPage,
  channelsSort,
  organisationsPage,
  organisationsSort,
}: ListsSearch): ListsSearch => ({
  list,
  q,
  channelsPage,
  channelsSort,
  organisationsPage,
  organisationsSort,
});

/** The machine's input from the (already validated) search. */
export const listsInputOf = (search: ListsSearch): ListsInput => ({
  tab: search.list,
  query: search.q,
  channels: { page: search.channelsPage, sort: sortFrom(search.channelsSort) },
  organisations: { page: search.organisationsPage, sort: sortFrom(search.organisationsSort) },
});

type ListsSnapshot = ReturnType<ListsActorRef['getSnapshot']>;

/** The search that says where the lists are now; a default value is left out (undefined). */
export function listsSearchOf(snapshot: ListsSnapshot): ListsSearch {
  const { query, channelsPlace, organisationsPlace } = snapshot.context;
  const tab: ListTab = snapshot.matches({ tab: 'organisations' }) ? 'organisations' : 'channels';
  return {
    list: tab === 'organisations' ? tab : undefined,
    q: query === '' ? undefined : query,
    channelsPage: channelsPlace.page === 1 ? undefined : channelsPlace.page,
    channelsSort: sortText(channelsPlace.sort, CHANNELS_DEFAULT_SORT),
    organisationsPage: organisationsPlace.page === 1 ? undefined : organisationsPlace.page,
    organisationsSort: sortText(organisationsPlace.sort, ORGANISATIONS_DEFAULT_SORT),
  } as ListsSearch;
}
