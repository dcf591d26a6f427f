/**
 * What a password login writes on Postgres (docs/benchmarks.md: Writes per login), on a throwaway cluster of its own
 * with pg_stat_statements loaded: the login as the server runs it (the app in this process, the rate limits counted
 * in the database as on Postgres, addresses from X-Forwarded-For), one login at a time, for each case:
 * - the same account from the same address again and again (as the login load of `npm run bench` does);
 * - the same account, each login from an address not seen before (a first login of the day);
 * - a wrong password.
 * Per login: the statements Postgres ran (pg_stat_statements, BEGIN and COMMIT included) and their execution time,
 * the transactions that wrote (COMMIT records in the WAL, read with pg_waldump), the heap rows written by kind
 * (inserted, updated, deleted; a row locked is a lock record, no new row), and the WAL bytes written meanwhile
 * (pg_wal_lsn_diff; pg_stat_wal's counters reach the view up to seconds late), full-page images among them.
 * Run alone: `npm run bench:writes`; `npm run bench` adds its rows to the table.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { API_PATHS } from '../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from '../server/rateLimit';
import { createUser, DEFAULT_PASSWORD } from '../server/test/fixtures';
import { createTestApp } from '../server/test/testApp';
import { throwawayCluster } from '../server/test/throwawayPostgres';

/** Logins measured per case, after WARM_UP of the same kind (prepared statements made, pages in memory). */
const LOGINS = 200;
const WARM_UP = 20;
const HOUR = 3_600_000;

interface Writes {
  statements: number;
  execMs: number;
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  locked: number;
  walBytes: number;
  fpiBytes: number;
}

const perLogin = (total: Writes, logins: number): Writes =>
  Object.fromEntries(Object.entries(total).map(([key, value]) => [key, value / logins])) as unknown as Writes;

export const writesText = (w: Writes) =>
  `${w.statements.toFixed(1)} statements (${w.execMs.toFixed(2)} ms executing), ${w.commits.toFixed(2)} write commits, rows ${w.inserted.toFixed(2)} inserted + ${w.updated.toFixed(2)} updated + ${w.deleted.toFixed(2)} deleted (${w.locked.toFixed(2)} locked), ${w.walBytes.toFixed(0)} B of WAL (${w.fpiBytes.toFixed(0)} B of it full-page images)`;

/** Heap and transaction records between two WAL positions, counted by pg_waldump's statistics. */
const walRecords = (bin: string, dataDir: string, from: string, to: string): Record<string, number> => {
  const out = execFileSync(
    join(bin, 'pg_waldump'),
    ['--stats=record', '-p', join(dataDir, 'pg_wal'), '-s', from, '-e', to],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const counts: Record<string, number> = {};
  for (const line of out.split('\n')) {
    const match = /^(\w+\/\S+)\s+(\d+)\s/.exec(line);
    if (match) counts[match[1]!] = Number(match[2]);
    // The totals: records, their bytes, the full-page images' bytes, both.
    const total = /^Total\s+(\d+)\s+(\d+)\s+\[[^\]]*\]\s+(\d+)\s+\[[^\]]*\]\s+(\d+)/.exec(line);
    if (total) counts.fpiBytes = Number(total[3]);
  }
  return counts;
};

const sum = (records: Record<string, number>, ...kinds: string[]) =>
  kinds.reduce((total, kind) => total + (records[kind] ?? 0), 0);

/** The writes of password logins on Postgres, a row per case: [what, value]. */
export async function loginWritesRows(): Promise<[string, string][]> {
  const cluster = await throwawayCluster(undefined, [
    'shared_preload_libraries=pg_stat_statements',
    'pg_stat_statements.track=top',
  ]);
  if (!cluster) return [['writes per login', 'not measured: no Postgres under /usr/lib/postgresql']];
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = cluster.serverUrl;
  // The request lines of hundreds of logins are not the figures.
  process.env.LOG_LEVEL ??= 'silent';
  const t = await createTestApp({
    config: { rateLimits: DEFAULT_RATE_LIMITS, trustProxy: true },
    rateLimitsInDatabase: true,
  });
  if (before === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = before;
  const admin = postgres(t.databaseUrl ?? '', { max: 1, onnotice: () => {} });
  try {
    await admin`create extension if not exists pg_stat_statements`;
    const [{ oid } = { oid: 0 }] = await admin<{ oid: number }[]>`
      select oid from pg_database where datname = current_database()`;
    const { email } = await createUser(t.db, {}, t.clock.now());
    let address = 0;
    const login = async (from: string, pwd: string, status: number, apart = 61_000) => {
      // A minute apart: the rate limit's window is new at each call, as for a person signing in now and then.
      t.clock.advance(apart);
      const answer = await t
        .client({ 'x-forwarded-for': from, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' })
        .post(API_PATHS.login.path, { email, pwd });
      if (answer.status !== status) throw new Error(`a measured login answered ${answer.status}`);
    };
    const cases: [string, (index: number) => Promise<void>][] = [
      [
        'writes per password login, the same account and address again',
        () => login('203.0.113.9', DEFAULT_PASSWORD, 200),
      ],
      [
        'writes per password login, an address not seen before',
        () => login(`198.51.${Math.floor(++address / 250)}.${(address % 250) + 1}`, DEFAULT_PASSWORD, 200),
      ],
      [
        'writes per wrong password (each from an address of its own, the hour over in between)',
        () =>
          login(
            `192.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
            'not the password',
            401,
            2 * HOUR,
          ),
      ],
    ];
    const rows: [string, string][] = [];
    // The sweeps of finished counting windows run about once a thousand calls (server/rateLimit.ts,
    // security/addressLockout.ts): left out, so each case counts the login's own writes.
    const random = Math.random;
    Math.random = () => 0.5;
    for (const [what, run] of cases) {
      for (let index = 0; index < WARM_UP; index += 1) await run(index);
      await t.db.execute(sql`select 1`);
      const [start] = await admin<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
      await admin`select pg_stat_statements_reset()`;
      for (let index = 0; index < LOGINS; index += 1) await run(index);
      const [end] = await admin<{ lsn: string; bytes: string }[]>`
        select pg_current_wal_lsn()::text as lsn, pg_wal_lsn_diff(pg_current_wal_lsn(), ${start?.lsn ?? '0/0'}::pg_lsn)::text as bytes`;
      // The statements of the app's pool only: this connection's own reads (pg_stat_*) are left out.
      const [statements] = await admin<{ calls: string; ms: number }[]>`
        select coalesce(sum(calls), 0)::text as calls, coalesce(sum(total_exec_time), 0)::float8 as ms
        from pg_stat_statements where dbid = ${oid} and query not like '%pg_stat%' and query not like '%pg_current_wal%'`;
      const records = walRecords(cluster.bin, cluster.dataDir, start?.lsn ?? '0/0', end?.lsn ?? '0/0');
      const total: Writes = {
        statements: Number(statements?.calls ?? 0),
        execMs: statements?.ms ?? 0,
        commits: sum(records, 'Transaction/COMMIT'),
        inserted: sum(
          records,
          'Heap/INSERT',
          'Heap/INSERT+INIT',
          'Heap2/MULTI_INSERT',
          'Heap2/MULTI_INSERT+INIT',
        ),
        updated: sum(records, 'Heap/UPDATE', 'Heap/HOT_UPDATE', 'Heap/UPDATE+INIT', 'Heap/HOT_UPDATE+INIT'),
        deleted: sum(records, 'Heap/DELETE'),
        locked: sum(records, 'Heap/LOCK'),
        walBytes: Number(end?.bytes ?? 0),
        fpiBytes: records.fpiBytes ?? 0,
      };
      rows.push([what, writesText(perLogin(total, LOGINS))]);
    }
    Math.random = random;
    return rows;
  } finally {
    await admin.end({ timeout: 5 });
    await t.close();
    cluster.stop();
  }
}

if (process.argv[1]?.endsWith('benchLoginWrites.ts')) {
  for (const [what, value] of await loginWritesRows()) console.log(`${what}: ${value}`);
  process.exit(0);
}
