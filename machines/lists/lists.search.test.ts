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
/** The rule with fuse.js alone: a row every word of the query finds, each word searched on its own. */
const everyWordAlone = (query: string) => {
  const perWord = query
    .trim()
    .split(/\s+/)
    .map((word) => new Set(fuseAlone.search(word).map((hit) => hit.item)));
  return rows.filter((row) => perWord.every((found) => found.has(row)));
};

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

describe('search (spec 5: fuse.js, threshold 0.25, over name and subdomain, word by word)', () => {
  it('finds exactly the rows fuse.js alone finds for every word of the query, for every prefix of typed queries', () => {
    const search = searchOf(rows, Fuse);
    for (const query of queries) {
      expect(idsOf(search(query) ?? rows), JSON.stringify(query)).toEqual(idsOf(everyWordAlone(query)));
    }
  });

  it("words apart in the name are found: 'fjord 1986' finds 'Fjord channel 1986', which fuse.js whole does not", () => {
    const named = [
      { id: 1, name: 'Fjord channel 1986', subdomain: 'fjord1986' },
      { id: 2, name: 'Fjord channel 2004', subdomain: 'fjord2004' },
      { id: 3, name: 'Granite channel 1986', subdomain: 'granite1986' },
    ];
    const whole = new Fuse(named, { keys: ['name'], threshold: FUZZY_THRESHOLD, ignoreLocation: true });
    expect(whole.search('fjord 1986')).toEqual([]);
    const search = searchOf(named, Fuse);
    expect(idsOf(search('fjord 1986') ?? [])).toEqual([1]);
    expect(idsOf(search('  1986   FJORD ') ?? [])).toEqual([1]);
    // Each word fuzzily within the one threshold: one wrong letter in 'fjoord' is found, 'fxxrd' is not.
    expect(idsOf(search('fjoord 1986') ?? [])).toEqual([1]);
    expect(idsOf(search('fxxrd 1986') ?? [])).toEqual([]);
    // Every word must match: a word no row has leaves nothing.
    expect(idsOf(search('fjord 1986 harbour') ?? [])).toEqual([]);
  });

  it('before fuse.js arrives, the substring match goes word by word too', () => {
    const named = [
      { id: 1, name: 'Fjord channel 1986', subdomain: 'fjord1986' },
      { id: 2, name: 'Fjord channel 2004', subdomain: 'fjord2004' },
    ];
    const search = searchOf(named, undefined);
    expect(idsOf(search('fjord 1986') ?? [])).toEqual([1]);
    expect(idsOf(search('fjoord 1986') ?? [])).toEqual([]);
  });

  it("a word past fuse.js's 32-character pattern goes to fuse.js whole, with the same answer", () => {
    const long = 'harbourchannel17harbourchannel17x';
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
