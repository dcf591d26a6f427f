/**
 * Probes for a load balancer or an orchestrator (README 'Operating it'): unauthenticated, cheap, never rate-limited
 * (no limiter is on them) and logged only at debug level (requestLog.ts).
 * - GET /health/live: the process answers. Nothing else is looked at: a database outage must not get the process
 *   restarted, it recovers by itself (docs/decisions/operations.md: Database outages).
 * - GET /health/ready: the database answers a query within READY_TIMEOUT_MS and every migration this build ships
 *   is applied; otherwise 503 {code: 'unknown_server_error', message: 'not ready: <reason>'} (spec 8 shape), so
 *   the balancer sends no calls here meanwhile.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Database, recoverFrom } from '../db/client';
import { projectPath } from '../projectPath';

export const HEALTH_PATHS = { live: '/health/live', ready: '/health/ready' } as const;

/** A probe answers within this even when the database hangs (a balancer's own time-out is a few seconds). */
export const READY_TIMEOUT_MS = 2_000;

const JOURNAL = projectPath('server/db/migrations/meta/_journal.json');

/** How many migrations this build ships (drizzle's journal). */
const shippedMigrations = (): number =>
  (JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] }).entries.length;

export type Readiness = { ready: true } | { ready: false; reason: string };

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export const readiness = async (db: Database, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> => {
  try {
    const rows = await withTimeout(
      db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
      timeoutMs,
    );
    // PGlite answers { rows }, postgres.js the rows themselves.
    const list = Array.isArray(rows) ? rows : (rows as { rows: { applied: number }[] }).rows;
    const applied = Number(list[0]?.applied ?? 0);
    const shipped = shippedMigrations();
    if (applied < shipped) return { ready: false, reason: `migrations: ${applied} of ${shipped} applied` };
    return { ready: true };
  } catch (error) {
    // A lost connection also gets the pool replaced, as any request's would (server/app.ts).
    recoverFrom(db, error);
    return { ready: false, reason: 'database: no answer' };
  }
};

export const healthRoutes = (db: Database) =>
  new Hono()
    .get(HEALTH_PATHS.live, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'live' });
    })
    .get(HEALTH_PATHS.ready, async (c) => {
      c.header('Cache-Control', 'no-store');
      const state = await readiness(db);
      if (state.ready) return c.json({ status: 'ready' });
      // The spec 8 shape, with the reason for the operator (no detail of the error itself).
      return c.json({ code: 'unknown_server_error', message: `not ready: ${state.reason}` }, 503);
    });
