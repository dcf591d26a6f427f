/**
 * Opens the database: embedded PGlite (a directory, or `memory://` for tests) by default, Postgres through
 * postgres.js when a URL is given. Both run the same migrations at open and are handed out as one type.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

/** One type over both drivers (TOOLCHAIN: a union type breaks `.returning()`). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; when set, Postgres is used and dataDir is ignored. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? './data');
};

const openPostgres = async (url: string): Promise<DatabaseHandle> => {
  // Notices ("relation already exists, skipping") from the migrator are noise in logs and tests.
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as Database, driver: 'postgres', close: () => client.end({ timeout: 5 }) };
};

const openPglite = async (dataDir: string): Promise<DatabaseHandle> => {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true }); // PGlite needs the directory's parent.
  const client = inMemory ? new PGlite(dataDir) : new PGlite(path.resolve(dataDir));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as Database, driver: 'pglite', close: () => client.close() };
};
