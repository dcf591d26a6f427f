/**
 * Opens the database: embedded PGlite (a directory, or `memory://` for tests) by default, Postgres through
 * postgres.js when a URL is given. Both run the same migrations at open and are handed out as one type.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { projectPath } from '../projectPath';
import { isConnectionLost } from './connectionLost';
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
  /** Postgres: connections this process may hold at most (DATABASE_POOL_SIZE); POOL_SIZE_DEFAULT when absent. */
  poolSize?: number;
  /**
   * Postgres: false sends every statement unnamed (no server-side prepared statements), as a pooler in transaction
   * mode needs (DATABASE_PREPARED_STATEMENTS=off; docs/decisions/operations.md: Connection budget and poolers).
   */
  preparedStatements?: boolean;
}

const MIGRATIONS_FOLDER = projectPath('server/db/migrations');

export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, poolOptions(options));
  return openPglite(options.dataDir ?? './data');
};

/** This server's connections in pg_stat_activity (server/ops/poolUse.ts reads them for the metrics). */
export const APPLICATION_NAME = 'account-site';
/**
 * Connections a process holds at most unless DATABASE_POOL_SIZE says otherwise: a login holds one for two short
 * statements, never across its hash, so a few serve a process's two cores (docs/decisions/operations.md: Connection
 * budget and poolers).
 */
export const POOL_SIZE_DEFAULT = 5;

/** How each pool is set up (docs/decisions/operations.md: Database outages; Connection budget and poolers). */
const poolOptions = (options: DatabaseOptions) => ({
  ...POOL_OPTIONS,
  max: options.poolSize ?? POOL_SIZE_DEFAULT,
  // postgres.js names a prepared statement for every static query by default; off, each goes unnamed.
  prepare: options.preparedStatements ?? true,
});

const POOL_OPTIONS = {
  connection: { application_name: APPLICATION_NAME },
  /** Seconds an idle connection is kept: one a firewall or NAT dropped silently is not waited on for ever. */
  idle_timeout: 60,
  /** Seconds a connection lives at most (postgres.js draws 30-60 min by default; this says so). */
  max_lifetime: 30 * 60,
  /** Seconds to wait for a connection: a request during an outage fails instead of hanging. */
  connect_timeout: 10,
  // Notices ("relation already exists, skipping") from the migrator are noise in logs and tests.
  onnotice: () => {},
} as const;

const recoverers = new WeakMap<Database, (error: unknown) => void>();

/** The databases opened on PGlite: one connection, which an open transaction holds for every other statement. */
const singleConnection = new WeakSet<Database>();

/**
 * True for an embedded PGlite: its one connection serves one statement or transaction at a time, the whole process's
 * (a transaction blocks every other statement until it ends), so a call must not hold a transaction across slow work
 * (the login's hash: docs/decisions/operations.md: Login statements).
 */
export const hasOneConnection = (db: Database): boolean => singleConnection.has(db);

/**
 * Told of a failure (the error layer, the orphan sweep): when it says the connection is gone, the database's pool
 * is replaced, so no connection that saw the outage is used again. Anything else, and PGlite, are left alone.
 */
export const recoverFrom = (db: Database, error: unknown): void => recoverers.get(db)?.(error);

/**
 * A Database that is always the current pool's: each call goes to the drizzle instance of the moment. Methods are
 * bound to it; `constructor` is left unbound (drizzle's `is` reads its statics).
 */
const delegatingDatabase = (current: () => Database): Database =>
  new Proxy({} as Database, {
    get: (_target, property) => {
      const target = current();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' && property !== 'constructor' ? value.bind(target) : value;
    },
    has: (_target, property) => property in current(),
    getPrototypeOf: () => Object.getPrototypeOf(current()),
  });

/**
 * Postgres through postgres.js, with a pool that is replaced after a lost connection: postgres.js reuses a
 * connection object that closed under a pending query, and its next query on a fresh socket can be answered with the
 * old socket's error (a stale 'terminating connection due to administrator command' after a restart). A new pool has
 * none of that state; the old one is ended gently (its running queries get 5 s).
 */
const openPostgres = async (
  url: string,
  options: ReturnType<typeof poolOptions>,
): Promise<DatabaseHandle> => {
  const connect = () => {
    const client = postgres(url, options);
    const drizzled = drizzlePostgres(client, { schema });
    return { client, drizzled, db: drizzled as Database };
  };
  let pool = connect();
  await migratePostgres(pool.drizzled, { migrationsFolder: MIGRATIONS_FOLDER });
  const db = delegatingDatabase(() => pool.db);
  let closed = false;
  recoverers.set(db, (error) => {
    if (closed || !isConnectionLost(error)) return;
    const old = pool;
    pool = connect();
    void old.client.end({ timeout: 5 }).catch(() => {});
  });
  return {
    db,
    driver: 'postgres',
    close: () => {
      closed = true;
      return pool.client.end({ timeout: 5 });
    },
  };
};

/**
 * A migrated in-memory database that `memory://` databases start from instead of running initdb and every migration
 * (about 1 s against 3-6 s each on two shared cores). Only the server tests set one: their global setup makes it once
 * a run from the current migrations (server/test/pgliteTemplate.globalSetup.ts), and the migrations still run after
 * it, so a template behind the migrations is brought up to date rather than trusted.
 */
let memoryTemplate: Blob | undefined;
export const startMemoryDatabasesFrom = (template: Blob | undefined) => {
  memoryTemplate = template;
};

/**
 * PGlite and its drizzle driver are loaded only here: a server on Postgres never loads the embedded database's
 * WebAssembly (docs/benchmarks.md: The production process).
 */
const openPglite = async (dataDir: string): Promise<DatabaseHandle> => {
  const { client, db } = await migratedPglite(dataDir);
  singleConnection.add(db);
  return { db, driver: 'pglite', close: () => client.close() };
};

const migratedPglite = async (dataDir: string) => {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true }); // PGlite needs the directory's parent.
  const client = !inMemory
    ? new PGlite(path.resolve(dataDir))
    : memoryTemplate
      ? new PGlite({ loadDataDir: memoryTemplate })
      : new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { client, db: db as Database };
};

/** A freshly migrated in-memory database, dumped (the server tests' template: startMemoryDatabasesFrom). */
export const dumpMigratedMemoryDatabase = async (): Promise<Blob> => {
  const { client } = await migratedPglite('memory://');
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
};
