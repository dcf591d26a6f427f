/**
 * spec 2 lists at scale (the large demo user: 2,000 channels): the work one keystroke in the search box costs
 * (search over name and subdomain, keep the sorted order, take the page of 15), one click on a column (sort, keep
 * what the search found, page) and one page turn, measured on the same functions the list area runs (ui/lists,
 * useListTable), over queries typed letter by letter. Also, for comparison, fuse.js alone over every row (what
 * a keystroke cost before the prefilter) and the one-off index build per list load.
 * Target: p95 under 16 ms (one frame). `npm run bench:lists`.
 */
import { cpus, loadavg } from 'node:os';
import Fuse from 'fuse.js';
import { FUZZY_THRESHOLD } from '../api/contract/limits';
import type { Channel } from '../api/contract/lists';
import { pageOf } from '../machines/lists/lists.paging';
import {
  CHANNELS_DEFAULT_SORT,
  type ChannelColumn,
  channelSortValue,
  sortRows,
} from '../machines/lists/lists.rules';
import { keepFound, searchOf } from '../machines/lists/lists.search';
import { LARGE_USER_WORDS } from '../server/seedLargeUser';

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

/** What people type (names, subdomains, typos, no match), each up to the 20 characters the box takes. */
const TYPED = [
  'large123ch2harbour',
  'harbour channel 17',
  'granite chanel 1999',
  'large499ch4',
  'jnuiper',
  'indigo channel 42',
  'zzzz fjord 99',
  'cedar',
];
const keystrokes = TYPED.flatMap((word) =>
  Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)),
);

const report = (label: string, samples: number[]) => {
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  console.log(
    `${label.padEnd(44)} median ${p(0.5).toFixed(2)} ms  p95 ${p(0.95).toFixed(2)} ms  max ${p(1).toFixed(2)} ms`,
  );
  return p(0.95);
};
const timed = (work: () => unknown) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};
const ROUNDS = 4;

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} cores`,
);

const builds: number[] = [];
for (let round = 0; round < ROUNDS + 1; round++) builds.push(timed(() => searchOf(channels, Fuse)('x')));
report('index build (once per list load)', builds.slice(1));

const sorted = sortRows(channels, CHANNELS_DEFAULT_SORT, channelSortValue);
const fuseAlone = new Fuse(sorted, {
  keys: ['name', 'subdomain'],
  threshold: FUZZY_THRESHOLD,
  ignoreLocation: true,
});
const alone: number[] = [];
for (let round = 0; round < ROUNDS; round++)
  for (const query of keystrokes) alone.push(timed(() => pageOf(fuseAlone.search(query), 1)));
report('keystroke, fuse.js over every row (before)', alone);

// A fresh search each round: no answer remembered from a previous round.
const typing: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const search = searchOf(channels, Fuse);
  for (const query of keystrokes)
    typing.push(timed(() => pageOf(keepFound(sorted, search(query.trim())), 1)));
}
const keystroke = report('keystroke (search + keep order + page)', typing);

const keys: ChannelColumn[] = ['name', 'role', 'organisation', 'creator', 'updated', 'created'];
const search = searchOf(channels, Fuse);
const found = search('harbour');
const clicks: number[] = [];
for (let i = 0; i < 60; i++) {
  const sort = { key: keys[i % keys.length]!, direction: i % 2 ? 'desc' : 'asc' } as const;
  clicks.push(timed(() => pageOf(keepFound(sortRows(channels, sort, channelSortValue), found), 1)));
}
const sortClick = report('sort click (2,000 rows, keep found, page)', clicks);

const turns: number[] = [];
for (let i = 0; i < 200; i++) turns.push(timed(() => pageOf(sorted, (i % 134) + 1)));
const pageTurn = report('page turn', turns);

const worst = Math.max(keystroke, sortClick, pageTurn);
console.log(`worst p95 ${worst.toFixed(2)} ms: ${worst < 16 ? 'within' : 'OVER'} one frame (16 ms)`);

// In Chromium too (React, layout, paint), on the production build: `npm run bench:lists -- --browser`.
if (process.argv.includes('--browser')) {
  const { benchListsInBrowser } = await import('./benchListsBrowser');
  const frame = await benchListsInBrowser();
  console.log(
    `keystroke to letter in the box p95 ${frame.toFixed(1)} ms: ${frame < 16 ? 'within' : 'OVER'} one frame (16 ms)`,
  );
}
