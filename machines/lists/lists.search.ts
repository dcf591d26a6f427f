/**
 * spec 2 and 5 lists: the search rule, fuzzy over name and subdomain with the spec's threshold (FUZZY_THRESHOLD),
 * word by word (a row is found when every word of the query is, each fuzzily on its own: 'fjord 1986' finds
 * 'Fjord channel 1986'), and a status word's prefix. Pure: fuse.js is handed in once it has loaded (ui/lists/loadFuse.ts), the view only
 * calls these (ui/lists/useListTable.ts).
 */
import type Fuse from 'fuse.js';
import { FUZZY_THRESHOLD } from '../../api/contract/limits';
import { type CharCounts, charCountsOfAll, queryShapeOf, verdictOf } from './lists.fuzzyPrefilter';

export type FuseClass = typeof Fuse;

/** spec 5: the fields searched. */
const SEARCH_KEYS = ['name', 'subdomain'] as const;

const FUSE_OPTIONS = {
  keys: [...SEARCH_KEYS],
  threshold: FUZZY_THRESHOLD,
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

/** The words of a query: what the whitespace separates. */
const wordsOf = (query: string): string[] => query.trim().split(/\s+/).filter(Boolean);

/**
 * A search over one list, built once per list load (the fuse index, the lower-cased texts) and asked once per
 * keystroke. Each word of the query is searched on its own (and remembered on its own, so typing the next word
 * costs one word's search), and a row is found when every word finds it. It finds rows, not an order: the table
 * keeps its sort and filters it (`keepFound`), so a keystroke never sorts. Until fuse.js has arrived, a plain
 * case-insensitive substring match answers, word by word too, so typing never waits for the network.
 */
export function searchOf<Row extends Searchable>(
  rows: readonly Row[],
  Fuse: FuseClass | undefined,
): Search<Row> {
  const texts: Texts = rows.map((row) => SEARCH_KEYS.map((key) => row[key].toLowerCase()));
  const remembered = new Map<string, ReadonlySet<Row>>();
  const find = Fuse ? fuzzyFinder(rows, texts, Fuse) : substringFinder(rows, texts);
  const findWord = (word: string): ReadonlySet<Row> => {
    let found = remembered.get(word);
    if (!found) {
      found = find(word);
      if (remembered.size >= REMEMBERED_QUERIES) remembered.delete(remembered.keys().next().value!);
      remembered.set(word, found);
    }
    return found;
  };
  return (query) => {
    const words = wordsOf(query);
    if (words.length === 0) return undefined;
    const [first, ...rest] = words.map(findWord);
    if (rest.length === 0) return first;
    return new Set([...first!].filter((row) => rest.every((found) => found.has(row))));
  };
}

/** The rows of `ordered` (in its order) that a search found; all of them for an empty query. */
export const keepFound = <Row>(
  ordered: readonly Row[],
  found: ReadonlySet<Row> | undefined,
): readonly Row[] => (found ? ordered.filter((row) => found.has(row)) : ordered);

/** The rows whose shown status word begins with the query (case-insensitive, in the viewer's locale). */
export function withStatus<Row>(
  rows: readonly Row[],
  found: ReadonlySet<Row> | undefined,
  query: string,
  statusOf: ((row: Row) => string | undefined) | undefined,
): ReadonlySet<Row> | undefined {
  const needle = query.trim().toLocaleLowerCase();
  if (!found || !statusOf || !needle) return found;
  const byStatus = rows.filter((row) => statusOf(row)?.toLocaleLowerCase().startsWith(needle));
  return byStatus.length === 0 ? found : new Set([...found, ...byStatus]);
}

/** Per row, the lower-cased value of each searched key. */
type Texts = ReadonlyArray<readonly string[]>;

const substringFinder =
  <Row>(rows: readonly Row[], texts: Texts) =>
  (needle: string): ReadonlySet<Row> => {
    const lower = needle.toLowerCase();
    return new Set(rows.filter((_, i) => texts[i]!.some((text) => text.includes(lower))));
  };

/**
 * fuse.js per key (name, subdomain), each over the rows the prefilter left undecided on that key only: a row
 * matches when either key does, as with one fuse.js over both keys, and a key already settled is not searched.
 */
function fuzzyFinder<Row extends Searchable>(rows: readonly Row[], texts: Texts, Fuse: FuseClass) {
  const perKey = SEARCH_KEYS.map((key) => {
    const options = { ...FUSE_OPTIONS, keys: [key] };
    const index = Fuse.createIndex([key], rows);
    return { options, index, ...index.toJSON() };
  });
  const flat = charCountsOfAll(texts.flat());
  const counts: ReadonlyArray<readonly CharCounts[]> = texts.map((keyTexts, i) =>
    keyTexts.map((_, key) => flat[i * keyTexts.length + key]!),
  );
  // One index record per row, in row order (fuse.js's createIndex): what the prefilter narrows down.
  const narrowable = perKey.every(({ records }) => records.length === rows.length);
  let whole: { search: (query: string) => ReadonlyArray<{ item: Row }> } | undefined;
  return (needle: string): ReadonlySet<Row> => {
    const lower = needle.toLowerCase();
    if (!narrowable || lower.length > FUSE_PATTERN_MAX) {
      whole ??= new Fuse(rows, FUSE_OPTIONS);
      return new Set(whole.search(needle).map((hit) => hit.item));
    }
    const shape = queryShapeOf(lower, FUZZY_THRESHOLD);
    const found = new Set<Row>();
    const undecided = perKey.map((): number[] => []);
    rows.forEach((row, i) => {
      const keyTexts = texts[i]!;
      const verdicts = keyTexts.map((text, key) => verdictOf(text, counts[i]![key]!, shape));
      if (verdicts.includes('match')) found.add(row);
      else
        verdicts.forEach((verdict, key) => {
          if (verdict === 'ask') undecided[key]!.push(i);
        });
    });
    perKey.forEach(({ options, keys, records }, key) => {
      const asked = undecided[key]!.filter((i) => !found.has(rows[i]!));
      if (asked.length === 0) return;
      const narrowed = Fuse.parseIndex<Row>({ keys, records: asked.map((i) => records[i]!) });
      for (const hit of new Fuse(rows, options, narrowed).search(needle)) found.add(hit.item);
    });
    return found;
  };
}
