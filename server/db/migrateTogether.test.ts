/**
 * docs/decisions/operations.md: Several instances. Instances started together on a database no release has migrated
 * yet all start: their migrations run one process at a time (server/db/client.ts migrateOneAtATime), the others wait
 * and then find nothing to do. Before the lock, each applied the first migration and all but one failed on 'relation
 * already exists'. Needs Postgres: it runs in scripts/pg-test.ts on a database of its own; skipped without
 * DATABASE_URL (PGlite is one process's).
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestPostgres, throwawayPostgres } from '../test/throwawayPostgres';
import { openDatabase } from './client';

const STARTS = 4;
let database: TestPostgres | null = null;

describe.skipIf(!process.env.DATABASE_URL)('instances started together on an empty database', () => {
  beforeAll(async () => {
    database = await throwawayPostgres();
  });
  afterAll(() => database?.stop());

  it('all start, and each migration is applied once', async () => {
    const url = database?.url ?? '';
    // Separate pools as separate processes have: each its own connections and its own migration run.
    const opened = await Promise.allSettled(
      Array.from({ length: STARTS }, () => openDatabase({ databaseUrl: url, poolSize: 2 })),
    );
    for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
    expect(opened.map((result) => result.status)).toEqual(Array(STARTS).fill('fulfilled'));
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [counts] = await sql<{ applied: number; distinct: number }[]>`
        select count(*)::int as applied, count(distinct hash)::int as distinct
        from drizzle.__drizzle_migrations`;
      expect(counts?.applied).toBe(counts?.distinct);
      expect(counts?.applied).toBeGreaterThan(10);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
