import type { FuseClass } from './loadFuse';

/** spec 5 search: fuzzy over name and subdomain, threshold 0.25. */
export const SEARCH_THRESHOLD = 0.25;

export interface Searchable {
  name: string;
  subdomain: string;
}

/**
 * A search over one list, built once per list (the fuse index) and asked once per keystroke. Until fuse.js has
 * arrived, a plain case-insensitive substring match answers, so typing never waits for the network.
 */
export function searcherOf<Row extends Searchable>(
  rows: readonly Row[],
  Fuse: FuseClass | undefined,
): (query: string) => readonly Row[] {
  if (!Fuse) {
    return (query) => {
      const needle = query.trim().toLowerCase();
      if (!needle) return rows;
      return rows.filter(
        (row) => row.name.toLowerCase().includes(needle) || row.subdomain.toLowerCase().includes(needle),
      );
    };
  }
  const fuse = new Fuse(rows, {
    keys: ['name', 'subdomain'],
    threshold: SEARCH_THRESHOLD,
    ignoreLocation: true,
  });
  return (query) => {
    const needle = query.trim();
    if (!needle) return rows;
    // Search filters; the order is the table's sort, so results keep the list order.
    const hits = new Set(fuse.search(needle).map((hit) => hit.refIndex));
    return rows.filter((_, index) => hits.has(index));
  };
}
