/**
 * A Postgres outage (docs/security.md: Input; docs/decisions.md: Database outages): on a cluster of its own that the
 * test stops and starts (server/test/throwawayPostgres.ts), requests during the outage answer 503 in the
 * unknown_server_error shape, never 500, and once Postgres is back every request is served: no connection that saw
 * the outage answers with its stale error. Skipped only where Debian's postgresql is not installed.
 */
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { createApp } from '../app';
import { manualClock } from '../clock';
import { MemoryRateLimiter } from '../rateLimit';
import { StrengthJudge } from '../strength/judge';
import { testConfig } from '../test/testApp';
import { throwawayCluster } from '../test/throwawayPostgres';
import { type DatabaseHandle, openDatabase } from './client';

const hasPostgres = existsSync('/usr/lib/postgresql');

describe.skipIf(!hasPostgres)('after a Postgres outage', () => {
  let cluster: NonNullable<Awaited<ReturnType<typeof throwawayCluster>>>;
  let database: DatabaseHandle;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    const made = await throwawayCluster();
    if (!made) throw new Error('postgresql is installed but no cluster could be made');
    cluster = made;
    database = await openDatabase({ databaseUrl: cluster.serverUrl });
    const clock = manualClock();
    app = createApp({
      db: database.db,
      clock,
      config: testConfig({ databaseUrl: cluster.serverUrl }),
      mailer: { deliver: async () => {} },
      rateLimiter: new MemoryRateLimiter(null, clock),
      // Never asked to judge here, so its thread never starts.
      strengthJudge: new StrengthJudge(),
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close().catch(() => {});
    cluster?.stop();
  });

  /** A call that reads the database and answers 404 invite_token_invalid_error when it can. */
  const round = async (size = 10) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answers = await Promise.all(
        Array.from({ length: size }, () =>
          app.request(`${API_PATHS.checkInvite.path}?token=${'a'.repeat(43)}`),
        ),
      );
      return Promise.all(
        answers.map(async (answer) => ({
          status: answer.status,
          body: await answer.json(),
          retryAfter: answer.headers.get('retry-after'),
        })),
      );
    } finally {
      quiet.mockRestore();
    }
  };
  const served = { status: 404, body: { code: 'invite_token_invalid_error' }, retryAfter: null };
  const unavailable = { status: 503, body: { code: 'unknown_server_error' }, retryAfter: '5' };

  it('answers 503 unknown_server_error while Postgres is down, then serves every request again', async () => {
    expect(await round()).toEqual(Array(10).fill(served)); // ten pooled connections in use
    // Queries in flight when Postgres stops: they end with the server's 57P01 or a closed socket.
    const inFlight = Promise.all(
      Array.from({ length: 5 }, () =>
        database.db.execute(sql`select pg_sleep(5)`).then(
          () => 'done',
          (error) => error,
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    cluster.control('stop');
    await inFlight;
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await round()).toEqual(Array(10).fill(unavailable));
    cluster.control('start');
    // The first round may still meet a socket that closed under it (503); after that every answer is served.
    const first = await round();
    for (const answer of first) expect([served, unavailable]).toContainEqual(answer);
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await round()).toEqual(Array(10).fill(served));
  }, 120_000);

  it('a restart with idle connections: no stale error afterwards', async () => {
    expect(await round()).toEqual(Array(10).fill(served));
    cluster.control('restart');
    const first = await round();
    for (const answer of first) expect([served, unavailable]).toContainEqual(answer);
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await round()).toEqual(Array(10).fill(served));
  }, 120_000);

  /** The probes (server/ops/health.ts): status only. */
  const probe = async (path: string) => (await app.request(path)).status;

  it('down for 10 s under load: every answer bounded, not ready meanwhile, live throughout, then recovers by itself', async () => {
    expect(await round()).toEqual(Array(10).fill(served));
    expect(await probe('/health/ready')).toBe(200);
    cluster.control('stop');
    const downUntil = Date.now() + 10_000;
    let slowest = 0;
    let rounds = 0;
    while (Date.now() < downUntil) {
      const started = Date.now();
      const answers = await round();
      slowest = Math.max(slowest, Date.now() - started);
      rounds += 1;
      for (const answer of answers) expect(answer).toEqual(unavailable);
      expect(await probe('/health/ready')).toBe(503);
      expect(await probe('/health/live')).toBe(200);
    }
    expect(rounds).toBeGreaterThan(3); // the load went on through the outage
    expect(slowest).toBeLessThan(3_000); // no request hung on the lost database
    cluster.control('start');
    // Ready again without a restart of the server, then every request served.
    const backBy = Date.now() + 20_000;
    while ((await probe('/health/ready')) !== 200 && Date.now() < backBy)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await probe('/health/ready')).toBe(200);
    await round();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await round()).toEqual(Array(10).fill(served));
  }, 120_000);
});
