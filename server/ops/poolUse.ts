/**
 * The database pool's use for the db_pool_connections gauge: on Postgres, this server's connections (its
 * application_name, server/db/client.ts) by state, read from pg_stat_activity, and the pools' ceiling (DATABASE_POOL_SIZE
 * a process);
 * PGlite is one in-process connection.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { APPLICATION_NAME } from '../db/client';

export const poolUseOf =
  (database: DatabaseHandle, processes: number, poolSize: number) =>
  async (): Promise<Record<string, number>> => {
    if (database.driver === 'pglite') return { active: 1, max: 1 };
    const rows = (await database.db.execute(
      sql`select coalesce(state, 'unknown') as state, count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name = ${APPLICATION_NAME} group by 1`,
    )) as unknown as { state: string; count: number }[];
    const use: Record<string, number> = { max: poolSize * processes, active: 0, idle: 0 };
    for (const row of rows) use[row.state] = Number(row.count);
    return use;
  };
