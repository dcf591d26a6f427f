/**
 * spec 2 lists at scale (2,000 channels): the work one keystroke in the search box costs (search with fuse.js
 * over name and subdomain, then the page of 15), one click on a column (sort) and one page turn, measured on
 * the same functions the list area runs (ui/lists). Target: under 16 ms (one frame). `npm run bench:lists`.
 */
import Fuse from 'fuse.js';
import type { Channel } from '../api/contract/lists';
import { LARGE_USER_WORDS } from '../server/seedLargeUser';
import { CHANNELS_DEFAULT_SORT, channelSortValue } from '../ui/lists/channelSort';
import { pageOf } from '../ui/lists/paging';
import { searcherOf } from '../ui/lists/searchRows';
import { sortRows } from '../ui/lists/sortRows';

const WORDS = LARGE_USER_WORDS;
const channels: Channel[] = Array.from({ length: 2000 }, (_, n) => ({
  id: String(n),
  name: `${WORDS[(n * 7) % WORDS.length]} channel ${n + 1}`,
  subdomain: `large${Math.floor(n / 4) + 1}ch${(n % 4) + 1}`,
  role: 'reader',
  ownerName: n % 2 ? 'Casey Curator' : 'Lara Large',
  organisationName: `${WORDS[n % WORDS.length]} ${Math.floor(n / 4) + 1}`,
  created: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000),
  updated: new Date(Date.UTC(2021, 0, 1) + (n % 90) * 86_400_000),
  archived: n % 17 === 0,
  url: `https://c${n}.example.test`,
}));

const time = (label: string, runs: number, work: (i: number) => unknown) => {
  for (let i = 0; i < 5; i++) work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
  console.log(`${label.padEnd(34)} median ${p(0.5)} ms  p95 ${p(0.95)} ms  max ${p(1)} ms`);
  return Number(p(0.95));
};

const sorted = sortRows(channels, CHANNELS_DEFAULT_SORT, channelSortValue);
const search = searcherOf(sorted, Fuse);
const typed = 'large123ch2harbour';
const keystroke = time('keystroke (fuse search + page)', 200, (i) =>
  pageOf(search(typed.slice(0, (i % typed.length) + 1)), 1),
);
const keys = ['name', 'role', 'organisation', 'creator', 'updated', 'created'] as const;
const sort = time('sort click (2,000 rows) + index', 60, (i) => {
  const rows = sortRows(
    channels,
    { key: keys[i % keys.length]!, direction: i % 2 ? 'desc' : 'asc' },
    channelSortValue,
  );
  return searcherOf(rows, Fuse);
});
const page = time('page turn', 200, (i) => pageOf(sorted, (i % 130) + 1));
const worst = Math.max(keystroke, sort, page);
console.log(`worst p95 ${worst.toFixed(2)} ms: ${worst < 16 ? 'within' : 'OVER'} one frame (16 ms)`);
