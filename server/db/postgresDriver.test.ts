/**
 * postgres.js after a connection closes under it (docs/decisions/operations.md: Database outages; the fix is
 * patches/postgres+3.4.9.patch, applied by `npm install`). Unpatched, a transaction's rollback after its backend
 * ended threw from a timer (`Cannot read properties of null (reading 'write')`, which ends a server), left the
 * connection unable to send again, and the next session's first query failed with the old session's error. Each case
 * runs on a pool of one connection, so the query after it can only be served by the connection that closed. On a
 * cluster of its own (server/test/throwawayPostgres.ts); skipped only where Debian's postgresql is not installed.
 */
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { throwawayCluster } from '../test/throwawayPostgres';
import { isConnectionLost } from './connectionLost';

const hasPostgres = existsSync('/usr/lib/postgresql');

/** What a promise settles to, or 'no answer' after two seconds: a poisoned connection never answers. */
const outcome = (query: Promise<unknown>): Promise<unknown> =>
  Promise.race([
    query.then(
      (value) => value,
      (error: unknown) => (isConnectionLost(error) ? 'connection lost' : error),
    ),
    new Promise((resolve) => setTimeout(resolve, 2_000, 'no answer')),
  ]);

describe.skipIf(!hasPostgres)('postgres.js when its connection closes', () => {
  let cluster: NonNullable<Awaited<ReturnType<typeof throwawayCluster>>>;
  let sql: postgres.Sql;
  const uncaught: unknown[] = [];
  const keep = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    const made = await throwawayCluster();
    if (!made) throw new Error('postgresql is installed but no cluster could be made');
    cluster = made;
    process.on('uncaughtException', keep);
  }, 60_000);
  afterAll(() => {
    process.off('uncaughtException', keep);
    cluster?.stop();
  });
  // A pool of its own for each case: one a case poisons fails that case only.
  beforeEach(() => {
    sql = postgres(cluster.serverUrl, { max: 1, onnotice: () => {} });
  });
  afterEach(async () => {
    await sql.end({ timeout: 1 }).catch(() => {});
  });

  const served = async () => outcome(sql`select 1 as one`.then((rows) => rows[0]?.one));

  it('a transaction whose backend ends rejects as a lost connection, and the pool serves the next query', async () => {
    for (let round = 0; round < 3; round += 1) {
      const transaction = sql.begin(async (tx) => {
        await tx`select 1`;
        await tx`select pg_terminate_backend(pg_backend_pid())`;
      });
      expect(await outcome(transaction)).toBe('connection lost');
      // The write a rollback would have scheduled for the closed socket runs on the next turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await served()).toBe(1);
    }
    expect(uncaught).toEqual([]);
  }, 30_000);

  it('a reserved connection whose backend ends rejects its queries, and its release gives the pool a connection', async () => {
    for (let round = 0; round < 3; round += 1) {
      const reserved = await sql.reserve();
      expect(await outcome(reserved`select pg_terminate_backend(pg_backend_pid())`)).toBe('connection lost');
      expect(await outcome(reserved`select 1`)).toBe('connection lost');
      reserved.release();
      expect(await served()).toBe(1);
      expect(await served()).toBe(1);
    }
    expect(uncaught).toEqual([]);
  }, 30_000);

  it('a reserved connection that stays up goes back to the pool on release', async () => {
    const reserved = await sql.reserve();
    expect(await outcome(reserved`select 2 as two`.then((rows) => rows[0]?.two))).toBe(2);
    reserved.release();
    expect(await served()).toBe(1);
  });
});
