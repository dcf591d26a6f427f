/**
 * DATABASE_PREPARED_STATEMENTS=off, for a pooler in transaction mode (docs/decisions/operations.md: Connection budget
 * and poolers): the statements this server prepares (preparedOnce, also inside a transaction: inTransaction) leave no
 * named prepared statement on the server connection, which such a pooler would hand to another client; with the
 * default they do. A pool of one connection, so pg_prepared_statements is read on the connection that ran them. On a
 * cluster of its own (server/test/throwawayPostgres.ts); skipped only where Debian's postgresql is not installed.
 */
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { DatabaseRateLimiter, DEFAULT_RATE_LIMITS } from '../rateLimit';
import { throwawayPostgres } from '../test/throwawayPostgres';
import { openDatabase } from './client';
import { inTransaction, preparedOnce } from './prepared';

const hasPostgres = existsSync('/usr/lib/postgresql') || process.env.DATABASE_URL !== undefined;

describe.skipIf(!hasPostgres)('named prepared statements', () => {
  let database: NonNullable<Awaited<ReturnType<typeof throwawayPostgres>>>;
  beforeAll(async () => {
    const made = await throwawayPostgres();
    if (!made) throw new Error('postgresql is installed but no database could be made');
    database = made;
  }, 60_000);
  afterAll(() => database?.stop());

  /** The prepared statements left on the one connection after a limiter's counts and a prepared one in a transaction. */
  const namedAfterUse = async (preparedStatements: boolean) => {
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 1, preparedStatements });
    try {
      const limiter = new DatabaseRateLimiter(handle.db, DEFAULT_RATE_LIMITS, manualClock(new Date()));
      expect(await limiter.hit('login', '192.0.2.1')).toBeNull();
      expect(await limiter.hit('login', '192.0.2.1')).toBeNull();
      const statement = preparedOnce(handle.db, 'count_users', (db) =>
        db.select({ count: sql<number>`count(*)::integer` }).from(sql`users`).prepare('count_users'),
      );
      const inside = await handle.db.transaction((tx) => inTransaction(statement, tx).execute());
      expect(inside).toEqual([{ count: 0 }]);
      const [row] = (await handle.db.execute(
        sql`select count(*)::integer as named from pg_prepared_statements`,
      )) as unknown as { named: number }[];
      return row?.named;
    } finally {
      await handle.close();
    }
  };

  it('are left on the connection by default, and none with DATABASE_PREPARED_STATEMENTS=off', async () => {
    expect(await namedAfterUse(true)).toBeGreaterThan(0);
    expect(await namedAfterUse(false)).toBe(0);
  });
});
