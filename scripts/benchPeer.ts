/**
 * Our server beside its peer on one Postgres (docs/benchmarks.md: The peer): password logins and session reads of our
 * compiled production server and of a minimal better-auth server (scripts/benchPeerServer.mjs: email and password,
 * argon2id at our cost, sessions in the database), each on a database of its own in the same cluster, loopback.
 * Measured in ROUNDS interleaved rounds (ours then the peer's, the order swapped every round, so a change in the
 * machine's load falls on both), each a SECONDS load of autocannon:
 * - logins/s (10 connections, ten accounts in turn, the right password), against the argon2id verify ceiling measured in
 *   this process right before and right after the rounds (scripts/benchLoad.ts argon2Ceiling);
 * - session reads/s (20 connections, one signed-in cookie: our GET /api/me, their GET /api/auth/get-session);
 * - for each, the CPU per call of the server's process and of its Postgres backends (ticks of /proc/<pid>/stat; the
 *   backends found by application_name in pg_stat_activity), and the WAL written per login (pg_current_wal_lsn before
 *   and after the round; only one server runs at a time).
 * Ours runs as production runs it (dist-server/main.mjs, NODE_ENV=production, its request log written, to /dev/null
 * here), with the rate limits off as the peer's, and DATABASE_POOL_SIZE at its default (5), as the peer's pool.
 * Run alone: `npm run bench:peer` (a throwaway cluster); `npm run bench` adds its rows.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { openDatabase } from '../server/db/client';
import { createUser } from '../server/test/fixtures';
import { throwawayCluster } from '../server/test/throwawayPostgres';
import { startRealServer } from '../test/e2e/realServer';
import { freePort } from '../test/freePort';
import { argon2Ceiling, load } from './benchLoad';

const ROUNDS = 3;
/**
 * The accounts the logins go to, one after another: as many as the load's connections. The logins of one account run
 * one after another on our server (the check holds the account's row across the hash: docs/decisions/operations.md,
 * Login statements), which one account's load would measure instead of the server's.
 */
const ACCOUNTS = Array.from({ length: 10 }, (_, index) => `peer-bench-${index}@example.com`);
const EMAIL = ACCOUNTS[0]!;
const PASSWORD = 'a bench password of some length';
/** Clock ticks a second, for /proc's CPU times. */
const TICKS = 100;

const ticksOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // a backend that ended meanwhile
  }
};

interface Side {
  name: string;
  pid: number;
  application: string;
  login: () => ReturnType<typeof load>;
  read: () => ReturnType<typeof load>;
}

interface Measured {
  perSecond: number;
  p99: number;
  failures: number;
  /** ms of CPU per call: the server's process, its Postgres backends. */
  serverCpuMs: number;
  postgresCpuMs: number;
  walBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The first cookie an answer sets, as a Cookie header. */
const cookieOf = (answer: Response): string => {
  const cookie = answer.headers.getSetCookie()[0];
  if (!answer.ok || !cookie) throw new Error(`sign-in for the benchmark failed: ${answer.status}`);
  return cookie.split(';')[0] ?? '';
};

const postJson = (url: string, origin: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

/** The peer's version, as docs/benchmarks.md names it. */
const PEER_PACKAGE = 'better-auth@1.7.25';
const PEER_DIR = '.bench-peer';

/**
 * better-auth is installed on first use into .bench-peer/ (git-ignored), not as a dev dependency: only this benchmark
 * needs it, and every `npm ci` (CI's included) would otherwise fetch it. Its peer dependencies are not installed
 * there (--legacy-peer-deps), so drizzle-orm, postgres and @node-rs/argon2 resolve to the project's own copies, one
 * step up from the server file copied beside it.
 */
function peerServerFile(): string {
  if (!existsSync(`${PEER_DIR}/node_modules/better-auth/package.json`)) {
    mkdirSync(PEER_DIR, { recursive: true });
    writeFileSync(`${PEER_DIR}/package.json`, '{ "private": true }\n');
    console.log(`[bench:peer] installing ${PEER_PACKAGE} into ${PEER_DIR}/ (once)`);
    execFileSync(
      'npm',
      ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--legacy-peer-deps', PEER_PACKAGE],
      {
        stdio: 'inherit',
      },
    );
  }
  copyFileSync('scripts/benchPeerServer.mjs', `${PEER_DIR}/server.mjs`);
  return `${PEER_DIR}/server.mjs`;
}

async function startPeer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [peerServerFile()], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PEER_EMAILS: ACCOUNTS.join(','),
      PEER_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the peer exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('peer listening')) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** A round of one load on one side: the calls, and the CPU and WAL they cost. */
async function measure(
  admin: postgres.Sql,
  side: Side,
  run: () => ReturnType<typeof load>,
): Promise<Measured> {
  const backends = async () =>
    (
      await admin<
        { pid: number }[]
      >`select pid from pg_stat_activity where application_name = ${side.application}`
    ).map((row) => row.pid);
  const before = new Map((await backends()).map((pid) => [pid, ticksOf(pid)]));
  const serverBefore = ticksOf(side.pid);
  const [walBefore] = await admin<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
  const result = await run();
  const [wal] = await admin<
    { bytes: string }[]
  >`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore?.lsn ?? '0/0'}::pg_lsn)::text as bytes`;
  const serverTicks = ticksOf(side.pid) - serverBefore;
  let postgresTicks = 0;
  for (const pid of await backends()) postgresTicks += ticksOf(pid) - (before.get(pid) ?? 0);
  const calls = Math.max(result.total, 1);
  return {
    ...result,
    serverCpuMs: ((serverTicks / TICKS) * 1000) / calls,
    postgresCpuMs: ((postgresTicks / TICKS) * 1000) / calls,
    walBytes: Number(wal?.bytes ?? 0) / calls,
  };
}

const summary = (runs: Measured[], unit: string) =>
  `${median(runs.map((r) => r.perSecond)).toFixed(0)} ${unit}/s (rounds ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}), p99 ${median(runs.map((r) => r.p99))} ms, CPU a call ${median(runs.map((r) => r.serverCpuMs)).toFixed(2)} ms the server + ${median(runs.map((r) => r.postgresCpuMs)).toFixed(2)} ms Postgres, ${median(runs.map((r) => r.walBytes)).toFixed(0)} B of WAL, ${runs.reduce((sum, r) => sum + r.failures, 0)} failed`;

/** Round-by-round ratios ours / theirs, their median and range. */
const ratios = (ours: Measured[], theirs: Measured[], pick: (m: Measured) => number) => {
  const each = ours.map((m, round) => pick(m) / pick(theirs[round]!));
  return `${median(each).toFixed(2)}x (${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})`;
};

/** The rows for docs/benchmarks.md, on the cluster at `serverUrl` (a throwaway cluster of its own when absent). */
export async function peerRows(serverUrl?: string): Promise<[string, string][]> {
  const cluster = serverUrl ? null : await throwawayCluster();
  const clusterUrl = serverUrl ?? cluster?.serverUrl;
  if (!clusterUrl) return [['beside better-auth', 'not measured: no Postgres under /usr/lib/postgresql']];
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const urlOf = (name: string) => {
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    return url.href;
  };
  const stops: (() => Promise<unknown>)[] = [];
  try {
    for (const name of [`ours_${suffix}`, `peer_${suffix}`]) await admin.unsafe(`create database "${name}"`);
    const oursUrl = urlOf(`ours_${suffix}`);
    const ours = await startRealServer({
      production: true,
      checkConformance: false,
      logFile: '/dev/null',
      env: {
        DATABASE_URL: oursUrl,
        RATE_LIMITS: 'off',
        SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      },
    });
    stops.push(() => ours.stop());
    // The account, hashed as the server hashes (the server migrated the database at its start).
    const handle = await openDatabase({ databaseUrl: oursUrl, poolSize: 1 });
    for (const email of ACCOUNTS) await createUser(handle.db, { email, password: PASSWORD });
    await handle.close();
    const peer = await startPeer(urlOf(`peer_${suffix}`));
    stops.push(
      () =>
        new Promise((resolve) => {
          peer.child.once('exit', resolve);
          peer.child.kill('SIGTERM');
        }),
    );

    const oursCookie = cookieOf(
      await postJson(`${ours.url}/api/login`, ours.url, { email: EMAIL, pwd: PASSWORD }),
    );
    const peerCookie = cookieOf(
      await postJson(`${peer.url}/api/auth/sign-in/email`, peer.url, { email: EMAIL, password: PASSWORD }),
    );
    const loginLoad = (url: string, body: (email: string) => unknown) => () => {
      let next = 0;
      return load({
        url,
        method: 'POST',
        connections: ACCOUNTS.length,
        headers: { 'content-type': 'application/json', origin: new URL(url).origin },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify(body(ACCOUNTS[next++ % ACCOUNTS.length]!)),
            }),
          },
        ],
      });
    };
    const sides: Side[] = [
      {
        name: 'ours',
        pid: ours.pid,
        application: 'account-site',
        login: loginLoad(`${ours.url}/api/login`, (email) => ({ email, pwd: PASSWORD })),
        read: () => load({ url: `${ours.url}/api/me`, connections: 20, headers: { cookie: oursCookie } }),
      },
      {
        name: 'peer',
        pid: peer.child.pid ?? 0,
        application: 'better-auth-peer',
        login: loginLoad(`${peer.url}/api/auth/sign-in/email`, (email) => ({ email, password: PASSWORD })),
        read: () =>
          load({ url: `${peer.url}/api/auth/get-session`, connections: 20, headers: { cookie: peerCookie } }),
      },
    ];
    const loadAtStart = loadavg()[0] ?? 0;
    const ceilingBefore = await argon2Ceiling();
    const logins: Record<string, Measured[]> = { ours: [], peer: [] };
    const reads: Record<string, Measured[]> = { ours: [], peer: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) logins[side.name]!.push(await measure(admin, side, side.login));
      for (const side of order) reads[side.name]!.push(await measure(admin, side, side.read));
    }
    const ceilingAfter = await argon2Ceiling();
    const ceiling = (ceilingBefore + ceilingAfter) / 2;
    const ofCeiling = (runs: Measured[]) =>
      `${(median(runs.map((r) => r.perSecond)) / ceiling).toFixed(2)} of the ceiling`;
    const machineLoad = `load ${loadAtStart.toFixed(1)} to ${(loadavg()[0] ?? 0).toFixed(1)}`;
    return [
      [
        `argon2id verify ceiling beside the peer (${ROUNDS} interleaved rounds, ${machineLoad})`,
        `${ceiling.toFixed(0)}/s (${ceilingBefore.toFixed(0)} before the rounds, ${ceilingAfter.toFixed(0)} after)`,
      ],
      [
        'password logins, ours, Postgres, 10 connections, 10 accounts',
        `${summary(logins.ours!, 'logins')}; ${ofCeiling(logins.ours!)}`,
      ],
      [
        'password logins, better-auth, the same Postgres',
        `${summary(logins.peer!, 'logins')}; ${ofCeiling(logins.peer!)}`,
      ],
      [
        'logins ours / better-auth, round by round',
        `logins/s ${ratios(logins.ours!, logins.peer!, (m) => m.perSecond)}, server CPU a login ${ratios(logins.ours!, logins.peer!, (m) => m.serverCpuMs)}, Postgres CPU a login ${ratios(logins.ours!, logins.peer!, (m) => m.postgresCpuMs)}, WAL a login ${ratios(logins.ours!, logins.peer!, (m) => m.walBytes)}`,
      ],
      ['session reads, ours (GET /api/me), 20 connections', summary(reads.ours!, 'reads')],
      ['session reads, better-auth (GET /api/auth/get-session)', summary(reads.peer!, 'reads')],
      [
        'session reads ours / better-auth, round by round',
        `reads/s ${ratios(reads.ours!, reads.peer!, (m) => m.perSecond)}, server CPU a read ${ratios(reads.ours!, reads.peer!, (m) => m.serverCpuMs)}, Postgres CPU a read ${ratios(reads.ours!, reads.peer!, (m) => m.postgresCpuMs)}`,
      ],
    ];
  } finally {
    for (const stop of stops.reverse()) await stop();
    await admin.end();
    cluster?.stop();
  }
}

if (process.argv[1]?.endsWith('benchPeer.ts')) {
  for (const [what, value] of await peerRows()) console.log(`${what}: ${value}`);
  process.exit(0);
}
