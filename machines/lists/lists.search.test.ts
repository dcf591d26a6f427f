import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { FUZZY_THRESHOLD } from '../../api/contract/limits';
import { LARGE_USER_WORDS } from '../../server/seedLargeUser';
import { charCountsOf, queryShapeOf, verdictOf } from './lists.fuzzyPrefilter';
import { keepFound, searchOf } from './lists.search';

/** Rows shaped like the large demo user's (shared words, numbered names), plus a few odd ones. */
const rows = [
  ...Array.from({ length: 400 }, (_, n) => ({
    id: n,
    name: `${LARGE_USER_WORDS[(n * 7) % LARGE_USER_WORDS.length]} channel ${n + 1}`,
    subdomain: `large${Math.floor(n / 4) + 1}ch${(n % 4) + 1}`,
  })),
  { id: 1000, name: 'Zürich Über Café', subdomain: 'zurich' },
  { id: 1001, name: 'Harbour News', subdomain: 'harbournews' },
  { id: 1002, name: 'ab', subdomain: 'ba' },
];

/** What fuse.js alone finds with the list's options (spec 5: name and subdomain, threshold 0.25). */
const fuseAlone = new Fuse(rows, {
  keys: ['name', 'subdomain'],
  threshold: FUZZY_THRESHOLD,
  ignoreLocation: true,
});
const idsOf = (found: Iterable<{ id: number }>) => [...found].map((row) => row.id).sort((a, b) => a - b);

const typed = [
  'large123ch2harbour',
  'harbour channel 17',
  'harbor',
  'HARBOUR news',
  'granite chanel 19',
  'jnuiper',
  'large49ch4',
  'zzzz fjord 99',
  'über',
  'cafe',
  'zürich über café x',
  'ab',
  'ba',
  'a b',
  'channel 1',
];
// Every prefix, as typed letter by letter.
const queries = typed.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)));

describe('search (spec 5: fuse.js, threshold 0.25, over name and subdomain)', () => {
  it('finds exactly what fuse.js alone finds (on the trimmed query), for every prefix of typed queries', () => {
    const search = searchOf(rows, Fuse);
    for (const query of queries) {
      const alone = fuseAlone.search(query.trim()).map((hit) => hit.item);
      expect(idsOf(search(query) ?? rows), JSON.stringify(query)).toEqual(idsOf(alone));
    }
  });

  it("a query past fuse.js's 32-character pattern goes to fuse.js whole, with the same answer", () => {
    const long = 'harbour channel 17 harbour channel 17 x';
    expect(long.length).toBeGreaterThan(32);
    expect(idsOf(searchOf(rows, Fuse)(long) ?? [])).toEqual(idsOf(fuseAlone.search(long).map((h) => h.item)));
  });

  it('an empty query finds every row; the list order is kept, not the ranking', () => {
    const search = searchOf(rows, Fuse);
    expect(search('   ')).toBeUndefined();
    expect(keepFound(rows, search(''))).toBe(rows);
    const found = keepFound(rows, search('harbour'));
    expect(found.map((row) => row.id)).toEqual(
      rows.filter((row) => found.includes(row)).map((row) => row.id),
    );
  });

  it('answers a repeated query (backspace) from memory, and the same answer', () => {
    const search = searchOf(rows, Fuse);
    const first = search('granite');
    expect(search('granit')).not.toBe(first);
    expect(search('granite')).toBe(first);
  });
});

describe('prefilter verdicts (the reasoning fuse.js makes exact)', () => {
  const verdict = (text: string, query: string) =>
    verdictOf(text, charCountsOf(text), queryShapeOf(query, FUZZY_THRESHOLD));

  it('a text containing the query is a match, without fuse.js', () => {
    expect(verdict('harbour channel 17', 'channel')).toBe('match');
  });

  it('up to 3 letters allow no edit: no containment is no match', () => {
    expect(queryShapeOf('abc', FUZZY_THRESHOLD).edits).toBe(0);
    expect(verdict('acb', 'abc')).toBe('noMatch');
  });

  it('more missing letters than edits allowed is no match; within them fuse.js is asked', () => {
    expect(queryShapeOf('harbor', FUZZY_THRESHOLD).edits).toBe(1);
    expect(verdict('granite', 'harbor')).toBe('noMatch');
    expect(verdict('harbour', 'harbor')).toBe('ask');
  });

  it('when no piece of the query occurs, no match', () => {
    // 8 letters, 2 edits: pieces 'ab', 'cde', 'fgh'; every letter is there, no piece is.
    expect(queryShapeOf('abcdefgh', FUZZY_THRESHOLD).pieces).toEqual(['ab', 'cde', 'fgh']);
    expect(verdict('hgfedcba', 'abcdefgh')).toBe('noMatch');
  });
});
