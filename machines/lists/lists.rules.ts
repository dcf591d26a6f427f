import {
  type CHANNEL_SORT_KEYS,
  type ORGANISATION_SORT_KEYS,
  PAGE_SIZE,
  type SortDirection,
} from '../../api/contract/limits';
import type { Channel, Organisation } from '../../api/contract/lists';

/** A table's order: the column and its direction (spec 2 lists: a header click sorts). */
export interface ListSort<Key extends string> {
  key: Key;
  direction: SortDirection;
}

export type ChannelColumn = (typeof CHANNEL_SORT_KEYS)[number];
export type OrganisationColumn = (typeof ORGANISATION_SORT_KEYS)[number];

/** spec 2: channels start sorted by creator, A-Z. */
export const CHANNELS_DEFAULT_SORT: ListSort<ChannelColumn> = { key: 'creator', direction: 'asc' };
/** spec 2: organisations start sorted by name, A-Z. */
export const ORGANISATIONS_DEFAULT_SORT: ListSort<OrganisationColumn> = { key: 'name', direction: 'asc' };

export type SortValue = string | number | Date;

export const channelSortValue = (channel: Channel, key: ChannelColumn): SortValue =>
  ({
    name: channel.name,
    role: channel.role,
    organisation: channel.organisationName,
    creator: channel.ownerName,
    updated: channel.updated,
    created: channel.created,
  })[key];

export const organisationSortValue = (organisation: Organisation, key: OrganisationColumn): SortValue =>
  ({
    name: organisation.name,
    users: organisation.readersCount,
    channels: organisation.channelCount,
    created: organisation.created,
  })[key];

/**
 * Made on the first sort, not when the module loads: making a collator loads the locale's collation data, which
 * took longer than the rest of /me's page code to run while the page was being taken over (docs/benchmarks.md).
 */
let collator: Intl.Collator | undefined;
const textCollator = (): Intl.Collator => {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return collator;
};

/** Makes the collator ahead of the first sort, so that its cost is a task of its own (containers/me/lists.tsx). */
export const prepareTextSorting = (): void => {
  textCollator();
};

/** What a comparison reads: a date as its time, once, not converted again in every comparison. */
type Comparable = string | number;
const comparableOf = (value: SortValue): Comparable => (value instanceof Date ? value.getTime() : value);

const compareValues = (a: Comparable, b: Comparable): number => {
  if (typeof a === 'string' && typeof b === 'string') return textCollator().compare(a, b);
  return Number(a) - Number(b);
};

/**
 * Per row (by its place in `rows`), its rank in the column's ascending order; rows equal on the column share a
 * rank. The one costly step of a sort, so it sorts each distinct value once (a creator, a role or an organisation
 * is shared by many rows), and a table keeps the ranks per list and column: flipping a column or coming back to it
 * compares numbers only.
 */
export function columnRanks<Row, Key extends string>(
  rows: readonly Row[],
  key: Key,
  sortValueOf: (row: Row, key: Key) => SortValue,
): Uint32Array {
  const values = rows.map((row) => comparableOf(sortValueOf(row, key)));
  const ascending = [...new Set(values)];
  // A column of texts sorts with the collator's own compare: about twice as fast as through a wrapper.
  const compare = ascending.every((value) => typeof value === 'string')
    ? (textCollator().compare as (a: Comparable, b: Comparable) => number)
    : compareValues;
  ascending.sort(compare);
  // Distinct values can still be equal to the collator (case, accents): they share a rank too.
  const rankOf = new Map<Comparable, number>();
  let rank = 0;
  ascending.forEach((value, place) => {
    if (place > 0 && compare(ascending[place - 1]!, value) !== 0) rank++;
    rankOf.set(value, rank);
  });
  return Uint32Array.from(values, (value) => rankOf.get(value)!);
}

/** A list's column ranks (columnRanks), each made on its column's first sort and then kept. */
export function keptRanks<Row, Key extends string>(
  rows: readonly Row[],
  sortValueOf: (row: Row, key: Key) => SortValue,
): (key: Key) => Uint32Array {
  const kept = new Map<Key, Uint32Array>();
  return (key) => {
    let ranks = kept.get(key);
    if (!ranks) {
      ranks = columnRanks(rows, key, sortValueOf);
      kept.set(key, ranks);
    }
    return ranks;
  };
}

/**
 * spec 2 lists: sorting only reorders. Stable, so rows equal on the column keep their order (the list order),
 * and descending is the exact reverse of ascending on the column. `ranks` are the column's (`columnRanks`), when
 * the caller keeps them.
 */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: ListSort<Key>,
  sortValueOf: (row: Row, key: Key) => SortValue,
  ranks: Uint32Array = columnRanks(rows, sort.key, sortValueOf),
): Row[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((_, index) => index)
    .sort((a, b) => sign * (ranks[a]! - ranks[b]!) || a - b)
    .map((index) => rows[index]!);
}

/**
 * docs/decisions/product.md Lists in the address: the page (of 15) that holds a row with this id in the list as sorted,
 * without a search; 1 when it is not there.
 */
export function pageHolding<Row extends { id: string }, Key extends string>(
  rows: readonly Row[],
  id: string,
  sort: ListSort<Key>,
  sortValueOf: (row: Row, key: Key) => SortValue,
): number {
  const index = sortRows(rows, sort, sortValueOf).findIndex((row) => row.id === id);
  return index < 0 ? 1 : Math.floor(index / PAGE_SIZE) + 1;
}
