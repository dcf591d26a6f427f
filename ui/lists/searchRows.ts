import { type CharCounts, charCountsOf, queryShapeOf, verdictOf } from './fuzzyPrefilter';
import type { FuseClass } from './loadFuse';

/** spec 5 search: fuzzy over name and subdomain, threshold 0.25. */
export const SEARCH_THRESHOLD = 0.25;

const FUSE_OPTIONS = {
  keys: ['name', 'subdomain'],
  threshold: SEARCH_THRESHOLD,
  ignoreLocation: true,
  // The table keeps its own order (its sort): fuse.js need not rank the hits.
  shouldSort: false,
};

/** fuse.js cuts longer queries into pieces searched apart; the prefilter's reasoning holds for one piece only. */
const FUSE_PATTERN_MAX = 32;

/** Answers to the last queries, so a backspace or a retyped letter costs nothing. */
const REMEMBERED_QUERIES = 32;

export interface Searchable {
  name: string;
  subdomain: string;
}

/** The rows a query finds, or undefined when the query is empty (every row). */
export type Search<Row> = (query: string) => ReadonlySet<Row> | undefined;

/**
 * A search over one list, built once per list load (the fuse index, the lower-cased texts) and asked once per
 * keystroke. It finds rows, not an order: the table keeps its sort and filters it (`keepFound`), so a keystroke
 * never sorts. Until fuse.js has arrived, a plain case-insensitive substring match answers, so typing never
 * waits for the network.
 */
export function searchOf<Row extends Searchable>(
  rows: readonly Row[],
  Fuse: FuseClass | undefined,
): Search<Row> {
  const texts = rows.map((row) => [row.name.toLowerCase(), row.subdomain.toLowerCase()] as const);
  const remembered = new Map<string, ReadonlySet<Row>>();
  const find = Fuse ? fuzzyFinder(rows, texts, Fuse) : substringFinder(rows, texts);
  return (query) => {
    const needle = query.trim();
    if (!needle) return undefined;
    let found = remembered.get(needle);
    if (!found) {
      found = find(needle);
      if (remembered.size >= REMEMBERED_QUERIES) remembered.delete(remembered.keys().next().value!);
      remembered.set(needle, found);
    }
    return found;
  };
}

/** The rows of `ordered` (in its order) that a search found; all of them for an empty query. */
export const keepFound = <Row>(
  ordered: readonly Row[],
  found: ReadonlySet<Row> | undefined,
): readonly Row[] => (found ? ordered.filter((row) => found.has(row)) : ordered);

type Texts = ReadonlyArray<readonly [string, string]>;

const substringFinder =
  <Row>(rows: readonly Row[], texts: Texts) =>
  (needle: string): ReadonlySet<Row> => {
    const lower = needle.toLowerCase();
    return new Set(rows.filter((_, i) => texts[i]!.some((text) => text.includes(lower))));
  };

function fuzzyFinder<Row extends Searchable>(rows: readonly Row[], texts: Texts, Fuse: FuseClass) {
  const index = Fuse.createIndex(FUSE_OPTIONS.keys, rows);
  const whole = new Fuse(rows, FUSE_OPTIONS, index);
  const { keys, records } = index.toJSON();
  const counts: ReadonlyArray<readonly [CharCounts, CharCounts]> = texts.map(
    ([name, subdomain]) => [charCountsOf(name), charCountsOf(subdomain)] as const,
  );
  // One index record per row, in row order (fuse.js's createIndex): what the prefilter narrows down.
  const narrowable = records.length === rows.length;
  return (needle: string): ReadonlySet<Row> => {
    const lower = needle.toLowerCase();
    if (!narrowable || lower.length > FUSE_PATTERN_MAX)
      return new Set(whole.search(needle).map((hit) => hit.item));
    const shape = queryShapeOf(lower, SEARCH_THRESHOLD);
    const found = new Set<Row>();
    const undecided: number[] = [];
    rows.forEach((row, i) => {
      const [name, subdomain] = texts[i]!;
      const [nameCounts, subdomainCounts] = counts[i]!;
      const verdicts = [verdictOf(name, nameCounts, shape), verdictOf(subdomain, subdomainCounts, shape)];
      if (verdicts.includes('match')) found.add(row);
      else if (verdicts.includes('ask')) undecided.push(i);
    });
    if (undecided.length > 0) {
      const narrowed = Fuse.parseIndex<Row>({ keys, records: undecided.map((i) => records[i]!) });
      for (const hit of new Fuse(rows, FUSE_OPTIONS, narrowed).search(needle)) found.add(hit.item);
    }
    return found;
  };
}
