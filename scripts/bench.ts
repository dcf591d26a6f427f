/**
 * `npm run bench`: the performance figures of README 'Performance', measured in one run on this machine, loopback
 * only, about two minutes. Starts the reference server itself (PGlite in a temporary folder; Postgres when
 * DATABASE_URL is set) from the production build, then measures:
 * - the argon2id verify ceiling: verifications of a hash made exactly as the server makes and stores them
 *   (server/security/passwords.ts, the same cost parameters, printed), every core, in this process, right
 *   before and right after the logins (the mean is the ceiling they are compared with);
 * - password logins/s and p99 (autocannon, 10 connections), on the server's database and, when Debian's Postgres is
 *   installed (or DATABASE_URL is set), on the other one too (a throwaway cluster, server/test/throwawayPostgres.ts);
 * - on Postgres, logins and session reads of our compiled server beside a minimal better-auth server on the same
 *   Postgres, in interleaved rounds, with CPU and WAL per call and the argon2 ceiling around them (scripts/benchPeer.ts);
 * - the CPU a login spends beyond argon2, on PGlite and on Postgres (scripts/benchLoginCpu.ts);
 * - what a login writes on Postgres: statements, write commits, rows and WAL bytes (scripts/benchLoginWrites.ts);
 * - the production process as `npm start` runs it: time to the first answer, resident memory idle, wake-ups while
 *   idle (scripts/benchProcess.ts);
 * - GET /api/me signed in and anonymous (the 401), requests/s and p99 (20 connections);
 * - GET /api/channels for the 2,000-channel demo user: bytes as sent, plain, gzip and brotli;
 * - Lighthouse (mobile preset, Debian Chromium): performance, FCP and LCP of /login, /register and /me, and the JS + CSS
 *   bytes each first load transferred;
 * - what the request log and the metrics add to a request, in this process (scripts/benchOpsCost.ts).
 * Prints a table and writes docs/benchmarks.md. Numbers are for reading: budgets are checked by `npm run size`.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { hashPassword } from '../server/security/passwords';
import { DEMO_PASSWORD } from '../server/seed';
import { LARGE_USER_EMAIL } from '../server/seedLargeUser';
import { throwawayCluster } from '../server/test/throwawayPostgres';
import { CHROMIUM_PATH } from '../test/e2e/browser';
import { startRealServer } from '../test/e2e/realServer';
import { argon2Ceiling, load, signIn as signInAs } from './benchLoad';
import { loginCpuRow } from './benchLoginCpu';
import { loginWritesRows } from './benchLoginWrites';
import { opsCostRows } from './benchOpsCost';
import { peerRows } from './benchPeer';
import { processRows } from './benchProcess';
import { strengthBarRow } from './benchStrength';

const LIGHTHOUSE_RUNS = 3;
/** The account whose /me Lighthouse measures, signed in once, as a person's. */
const ACCOUNT = 'curator@example.com';
/**
 * The account the login load signs in to: another one, as the load leaves it hundreds of live sessions, which is not
 * the /me a person has (its sessions list shows ten of them; docs/decisions/security.md: Sessions and devices).
 */
const LOGIN_LOAD_ACCOUNT = 'staff@example.com';

interface Row {
  what: string;
  value: string;
}
const rows: Row[] = [];
const record = (what: string, value: string) => {
  rows.push({ what, value });
  console.log(`${what.padEnd(52)} ${value}`);
};

/** The cost parameters of a stored hash ('m=19456,t=2,p=1'), so the table says what the ceiling was measured with. */
const costOf = (stored: string): string => /\$(m=\d+,t=\d+,p=\d+)\$/.exec(stored)?.[1] ?? 'unknown cost';

/** A demo account signed in: its session cookie. */
const signIn = (url: string, email = ACCOUNT) => signInAs(url, email);

/** The bytes of an answer as they go over the wire (fetch would decompress them), and its encoding. */
function bytesSent(url: string, cookie: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    get(url, { headers: { cookie, 'accept-encoding': acceptEncoding } }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      answer.on('end', () => resolve({ bytes, encoding: answer.headers['content-encoding'] ?? 'none' }));
    }).on('error', reject);
  });
}

async function pageSpeed(url: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const items =
      (
        lhr.audits['resource-summary']?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items ?? [];
    const firstLoadBytes = items
      .filter((item) => item.resourceType === 'script' || item.resourceType === 'stylesheet')
      .reduce((sum, item) => sum + item.transferSize, 0);
    // The page itself carries the stylesheet (server/pageTemplate.ts) and, on public pages, the first screen.
    const pageBytes = items.find((item) => item.resourceType === 'document')?.transferSize ?? 0;
    return {
      pageBytes,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      // Lighthouse's gauge of this machine's CPU: its 4x slowdown is applied to the tasks it saw here.
      benchmarkIndex: lhr.environment.benchmarkIndex,
      firstLoadBytes,
    };
  } finally {
    await chrome.kill();
  }
}

/** Password logins against a server for SECONDS, 10 connections. */
const loginLoad = (serverUrl: string) =>
  load({
    url: `${serverUrl}/api/login`,
    method: 'POST',
    connections: 10,
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ email: LOGIN_LOAD_ACCOUNT, pwd: DEMO_PASSWORD }),
  });

const loginsText = (logins: Awaited<ReturnType<typeof load>>, ceiling: number) =>
  `${logins.perSecond.toFixed(0)}/s (${((logins.perSecond / ceiling) * 100).toFixed(0)} % of the ceiling), p99 ${logins.p99} ms, ${logins.failures} failed`;

execSync('npx vite build', { stdio: 'ignore' });
const database = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
// Postgres for the rows measured on both databases: DATABASE_URL's server, else a throwaway cluster when Debian's
// postgresql is installed; without either those rows are on PGlite only.
const cluster = process.env.DATABASE_URL ? null : await throwawayCluster();
const postgres = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL }
  : cluster
    ? { url: cluster.serverUrl }
    : null;
const server = await startRealServer({
  checkConformance: false,
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
const { url } = server;
// The machine may be shared: the load around the run says how far to trust the figures.
const loadAtStart = loadavg()[0] ?? 0;
console.log(`Benchmark on ${cpus().length} cores, ${database}, ${url}, load ${loadAtStart.toFixed(2)}\n`);
try {
  // The same function the demo accounts' hashes come from (server/seed.ts), so the ceiling pays what a login pays.
  const stored = await hashPassword(DEMO_PASSWORD);
  // Measured right before and right after the logins: on a shared machine the load moves, and the logins are
  // compared with the mean of the two.
  const before = await argon2Ceiling(stored);
  const logins = await loginLoad(url);
  const after = await argon2Ceiling(stored);
  const ceiling = (before + after) / 2;
  record(
    `argon2id verify ceiling (${costOf(stored)} as the stored hashes, all cores)`,
    `${ceiling.toFixed(0)}/s (${before.toFixed(0)} before the logins, ${after.toFixed(0)} after)`,
  );
  record(`password logins, ${database}, 10 connections, one account`, loginsText(logins, ceiling));
  if (postgres && !process.env.DATABASE_URL) {
    // The same logins on Postgres: a second server on the throwaway cluster, measured against the same ceiling.
    const onPostgres = await startRealServer({
      checkConformance: false,
      env: { DATABASE_URL: postgres.url },
    });
    try {
      record(
        'password logins, Postgres, 10 connections, one account',
        loginsText(await loginLoad(onPostgres.url), ceiling),
      );
    } finally {
      await onPostgres.stop();
    }
  }

  // Beside the peer: our compiled production server and a minimal better-auth server on the same Postgres, in
  // interleaved rounds, against the argon2 ceiling measured around them (scripts/benchPeer.ts).
  if (postgres) {
    const clusterUrl = cluster?.serverUrl ?? postgres.url;
    for (const [what, value] of await peerRows(clusterUrl)) record(what, value);
  }

  const cookie = await signIn(url);
  const anonymous = await load({ url: `${url}/api/me`, connections: 20 });
  const signedIn = await load({ url: `${url}/api/me`, connections: 20, headers: { cookie } });
  record(
    'GET /api/me anonymous (401), 20 connections',
    `${anonymous.perSecond.toFixed(0)}/s, p99 ${anonymous.p99} ms`,
  );
  record(
    'GET /api/me signed in, 20 connections',
    `${signedIn.perSecond.toFixed(0)}/s (${(signedIn.perSecond / anonymous.perSecond).toFixed(2)} x anonymous), p99 ${signedIn.p99} ms, ${signedIn.failures} failed`,
  );

  const largeCookie = await signIn(url, LARGE_USER_EMAIL);
  const sizes = [];
  for (const acceptEncoding of ['identity', 'gzip', 'br, gzip']) {
    const sent = await bytesSent(`${url}/api/channels`, largeCookie, acceptEncoding);
    sizes.push(`${sent.bytes.toLocaleString('en')} bytes ${sent.encoding}`);
  }
  record(`GET /api/channels for ${LARGE_USER_EMAIL} (2,000 channels), as sent`, sizes.join(', '));

  for (const [path, withCookie] of [
    ['/login', false],
    ['/register', false],
    ['/me', true],
  ] as const) {
    // Lighthouse varies from run to run (its own guidance: take the median of several); the median by score of
    // LIGHTHOUSE_RUNS, with every run's score shown.
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      runs.push(await pageSpeed(`${url}${path}`, withCookie ? cookie : undefined));
    }
    const byScore = [...runs].sort((a, b) => a.score - b.score);
    const speed = byScore[Math.floor(byScore.length / 2)]!;
    record(
      `Lighthouse mobile ${path} (median of ${LIGHTHOUSE_RUNS})`,
      `performance ${speed.score} (runs ${runs.map((r) => r.score).join(', ')}), FCP ${(speed.fcp / 1000).toFixed(2)} s, LCP ${(speed.lcp / 1000).toFixed(2)} s, TBT ${speed.tbt.toFixed(0)} ms, JS + CSS ${(speed.firstLoadBytes / 1024).toFixed(1)} KB transferred, the page ${(speed.pageBytes / 1024).toFixed(1)} KB, benchmark index ${speed.benchmarkIndex.toFixed(0)}`,
    );
  }
  record(...(await strengthBarRow(url)));
  record(...(await loginCpuRow()));
  if (postgres) record(...(await loginCpuRow(postgres.url)));
  // What a login writes on Postgres: statements, write commits, rows and WAL (scripts/benchLoginWrites.ts).
  for (const [what, value] of await loginWritesRows()) record(what, value);
  // The production process: compiled start, time to the first answer, resident memory idle (scripts/benchProcess.ts).
  if (postgres) for (const [what, value] of await processRows(postgres.url)) record(what, value);
  // What the request log and the metrics add to a request (README 'Operating it': under 5 % of a request).
  for (const [what, value] of await opsCostRows()) record(`request log + metrics: ${what}`, value);
} finally {
  await server.stop();
  cluster?.stop();
}

const date = new Date().toISOString().slice(0, 10);
/**
 * A machine busier than its cores (shared, other jobs) inflates every figure, the CPU and blocking times most. Judged
 * by the load at the start: by the end the bench's own servers and browsers are in it.
 */
const loadNote = () =>
  loadAtStart > cpus().length
    ? ' The machine was shared and loaded beyond its cores during the run: every figure is rough, times and CPU per call inflated.'
    : '';
const machineLoad = `load average ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end`;
/** The sections written by hand below the table (how a figure was measured, what changed it), kept as they are. */
const BENCHMARKS = 'docs/benchmarks.md';
const written = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : '';
const handWritten = written.includes('\n## ') ? written.slice(written.indexOf('\n## ')) : '';
writeFileSync(
  BENCHMARKS,
  `# Benchmarks\n\n\`npm run bench\` on ${date}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${database}, loopback, ${machineLoad}.${loadNote()}\n\n| What | Measured |\n|---|---|\n${rows
    .map((row) => `| ${row.what} | ${row.value} |`)
    .join('\n')}\n${handWritten}`,
);
console.log('\nWritten to docs/benchmarks.md');
process.exit(0);
