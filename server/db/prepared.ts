/**
 * Statements built once per database connection pool and prepared (drizzle `.prepare()` with `sql.placeholder`): the
 * login's statements run at every attempt, so neither drizzle's query builder (a large part of a login's CPU,
 * docs/decisions/operations.md: CPU per login beyond argon2) nor Postgres's planner runs again for each one.
 */
import { is } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Keyed by the pool's drizzle session, not by `db`: on Postgres `db` stands for whichever pool is current
 * (server/db/client.ts replaces it after a lost connection), and a statement prepared on the old pool must not be
 * used on the new one.
 */
const built = new WeakMap<object, Map<string, unknown>>();

/** The statement `name`, built by `build` the first time this pool asks for it. One name, one build. */
export const preparedOnce = <T>(db: Database, name: string, build: (db: Database) => T): T => {
  const pool = db._.session;
  let statements = built.get(pool);
  if (!statements) {
    statements = new Map();
    built.set(pool, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    flattenText(statement);
    statements.set(name, statement);
  }
  return statement;
};

/**
 * drizzle builds a statement's text by concatenation, which V8 keeps as a tree of the pieces, and postgres.js looks
 * its prepared statement up by that text at every execution (a new string of the parameter types and the text), so
 * the whole tree was walked again each time. Reading a character makes V8 flatten the text in place, once; drizzle
 * and the driver hold that same string. Were V8 to stop doing so, the lookups would only be slower again.
 */
const flattenText = (statement: unknown): void => {
  if (is(statement, PgPreparedQuery)) void statement.getQuery().sql.charCodeAt(0);
};

/**
 * A statement prepared on the pool (preparedOnce), run in a transaction instead: the same prepared query on the
 * transaction's connection (drizzle's prepared queries for postgres.js and PGlite both send through their `client`,
 * which a transaction's session replaces). The statement is built once either way; a copy per call costs an object.
 */
export const inTransaction = <T extends object>(statement: T, tx: Database): T => {
  const client = (tx._.session as unknown as { client: unknown }).client;
  return Object.assign(Object.create(Object.getPrototypeOf(statement)) as T, statement, { client });
};
