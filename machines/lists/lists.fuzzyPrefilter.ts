/**
 * Cheap, exact answers for most rows before fuse.js is asked (spec 5 search: fuzzy, threshold FUZZY_THRESHOLD).
 *
 * fuse.js's bitap accepts a text when some part of it is within `floor(threshold × m)` edits (substitutions,
 * insertions, deletions) of the query of m characters (with ignoreLocation the score is errors / m). So, for a
 * lower-cased text:
 * - it contains the query: a match (no edit needed), fuse.js need not look;
 * - more than that many query characters are missing from it (as a multiset): no match, since one edit
 *   supplies at most one missing character;
 * - none of the query cut into (edits + 1) pieces occurs in it: no match, since one edit spoils at most one piece.
 * Only the rows none of these settles go to fuse.js, which decides them as before: the results are the same,
 * the work per keystroke is a fraction (scripts/benchLists.ts, machines/lists/lists.search.test.ts checks sameness).
 */

/** Character counts of a lower-cased text; characters past ASCII are not counted (treated as present). */
export type CharCounts = Uint8Array;

const ASCII = 128;

export function charCountsOf(text: string, into: CharCounts = new Uint8Array(ASCII)): CharCounts {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < ASCII && into[code]! < 255) into[code]! += 1;
  }
  return into;
}

/** The counts of many texts, in one block of memory (one allocation per list, not one per text). */
export function charCountsOfAll(texts: readonly string[]): CharCounts[] {
  const block = new Uint8Array(texts.length * ASCII);
  return texts.map((text, i) => charCountsOf(text, block.subarray(i * ASCII, (i + 1) * ASCII)));
}

export interface QueryShape {
  /** The lower-cased query. */
  text: string;
  /** Edits fuse.js tolerates for this query. */
  edits: number;
  /** [character code, times in the query] for the ASCII characters of the query. */
  needs: ReadonlyArray<readonly [number, number]>;
  /** The query cut into edits + 1 pieces. */
  pieces: readonly string[];
}

export function queryShapeOf(lowerQuery: string, threshold: number): QueryShape {
  const length = lowerQuery.length;
  const edits = Math.floor(length * threshold);
  const needs = new Map<number, number>();
  for (let i = 0; i < length; i++) {
    const code = lowerQuery.charCodeAt(i);
    if (code < ASCII) needs.set(code, (needs.get(code) ?? 0) + 1);
  }
  const pieces: string[] = [];
  for (let piece = 0; piece <= edits; piece++) {
    pieces.push(
      lowerQuery.slice(
        Math.floor((piece * length) / (edits + 1)),
        Math.floor(((piece + 1) * length) / (edits + 1)),
      ),
    );
  }
  return { text: lowerQuery, edits, needs: [...needs], pieces };
}

export type Verdict = 'match' | 'noMatch' | 'ask';

/** What one lower-cased text says about a query without fuse.js: a sure match, a sure miss, or ask fuse.js. */
export function verdictOf(text: string, counts: CharCounts, query: QueryShape): Verdict {
  if (text.includes(query.text)) return 'match';
  if (query.edits === 0) return 'noMatch';
  let missing = 0;
  for (const [code, times] of query.needs) {
    const have = counts[code]!;
    if (have < times) {
      missing += times - have;
      if (missing > query.edits) return 'noMatch';
    }
  }
  return query.pieces.some((piece) => text.includes(piece)) ? 'ask' : 'noMatch';
}
