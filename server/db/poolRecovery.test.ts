/**
 * A Postgres outage (docs/security.md: Input; docs/decisions/operations.md: Database outages): on a cluster of its own that the
 * test stops and starts (server/test/throwawayPostgres.ts), requests during the outage answer 503 in the
 * unknown_server_error shape, never 500, and once Postgres is back every request is served: no connection that saw
 * the outage answers with its stale error. Sign-ups and logins go on through the 10 s outage too: afterwards the
 * database holds no half-written sign-up and no session without its user. Skipped only where Debian's postgresql
 * is not installed.
 */
import { existsSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { createApp } from '../app';
import { manualClock } from '../clock';
import { MemoryRateLimiter } from '../rateLimit';
import { TestClient, testConfig } from '../test/testApp';
import { throwawayCluster } from '../test/throwawayPostgres';
import { type DatabaseHandle, openDatabase } from './client';
import { channels, memberships, sessions, users } from './schema';

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

  const PASSWORD = 'outage passphrase 1';
  let signUps = 0;
  /** A curator sign-up (user, channel, admin membership, session), each with its own address and subdomain. */
  const signUp = async () => {
    signUps += 1;
    const email = `outage-${signUps}@example.com`;
    const subdomain = `outage${signUps}`;
    const answer = await new TestClient(app).post(API_PATHS.registerCurator.path, {
      email,
      pwd: PASSWORD,
      screenName: 'Olive Outage',
      channelName: `Outage ${signUps}`,
      subdomain,
    });
    return { email, subdomain, status: answer.status };
  };
  const logIn = async (email: string) =>
    (await new TestClient(app).post(API_PATHS.login.path, { email, pwd: PASSWORD })).status;

  /**
   * Sign-ups and logins, two and one at a time, until `end` is called: through the moment Postgres stops, the
   * outage and the moment it is back. Answers what each got.
   */
  const writeLoad = (loginEmail: string) => {
    let ending = false;
    const signUpAnswers: Awaited<ReturnType<typeof signUp>>[] = [];
    const loginStatuses: number[] = [];
    // When the last finished batch had started: `end` waits for one that started once the database was back.
    let lastFinishedStart = 0;
    const running = (async () => {
      while (!ending) {
        const started = Date.now();
        const [first, second, login] = await Promise.all([signUp(), signUp(), logIn(loginEmail)]);
        signUpAnswers.push(first, second);
        loginStatuses.push(login);
        lastFinishedStart = started;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    return {
      /**
       * Ends the load once a batch that started at `servedSince` or later has finished: on a loaded machine a batch
       * begun in the outage could otherwise be the last one.
       */
      end: async (servedSince: number) => {
        const giveUp = Date.now() + 20_000;
        while (lastFinishedStart < servedSince && Date.now() < giveUp)
          await new Promise((resolve) => setTimeout(resolve, 50));
        ending = true;
        await running;
        return { signUpAnswers, loginStatuses };
      },
    };
  };

  /**
   * Read from the database: of these sign-ups, the accounts there are, each with whether it is admin of the
   * channel it signed up with and how many sessions it has.
   */
  const accountsOf = async (answers: { email: string; subdomain: string }[]) => {
    if (answers.length === 0) return [];
    const rows = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          answers.map((answer) => answer.email),
        ),
      );
    return Promise.all(
      rows.map(async (row) => {
        const subdomain = answers.find((answer) => answer.email === row.email)?.subdomain ?? '';
        const admin = await database.db
          .select({ id: memberships.id })
          .from(memberships)
          .innerJoin(channels, eq(channels.id, memberships.channelId))
          .where(
            and(
              eq(memberships.userId, row.id),
              eq(memberships.roleId, CHANNEL_ROLE_IDS.admin),
              eq(channels.subdomain, subdomain),
              eq(channels.ownerId, row.id),
            ),
          );
        const session = await database.db
          .select({ userId: sessions.userId })
          .from(sessions)
          .where(eq(sessions.userId, row.id));
        return { email: row.email, adminOfChannel: admin.length === 1, sessions: session.length };
      }),
    );
  };

  it('down for 10 s under load: every answer bounded, not ready meanwhile, live throughout, then recovers by itself', async () => {
    expect(await round()).toEqual(Array(10).fill(served));
    expect(await probe('/health/ready')).toBe(200);
    const known = await signUp();
    expect(known.status).toBe(200);
    const writes = writeLoad(known.email);
    await new Promise((resolve) => setTimeout(resolve, 300)); // writes in flight as Postgres stops
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
    const servedSince = Date.now();
    await round();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await round()).toEqual(Array(10).fill(served));

    // No half-written sign-up, no session without its user (docs/decisions/operations.md: Database outages).
    const { signUpAnswers, loginStatuses } = await writes.end(servedSince);
    for (const status of [...signUpAnswers.map((answer) => answer.status), ...loginStatuses])
      expect([200, 503]).toContain(status); // never a 500, never a refusal the caller caused
    expect(signUpAnswers.filter((answer) => answer.status === 503).length).toBeGreaterThan(3);
    expect(signUpAnswers.at(-1)?.status).toBe(200); // the writes were served again
    expect(loginStatuses.filter((status) => status === 503).length).toBeGreaterThan(1);
    const accepted = signUpAnswers.filter((answer) => answer.status === 200);
    const refused = signUpAnswers.filter((answer) => answer.status !== 200);
    // Answered 2xx: there whole, with the session the answer's cookie names.
    const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);
    expect((await accountsOf(accepted)).sort(byEmail)).toEqual(
      accepted.map((answer) => ({ email: answer.email, adminOfChannel: true, sessions: 1 })).sort(byEmail),
    );
    // Answered 503: absent, or there whole (its transaction committed and a later step met the outage).
    const leftBehind = await accountsOf(refused);
    for (const account of leftBehind) expect(account).toMatchObject({ adminOfChannel: true });
    const orphanSessions = await database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(isNull(users.id));
    expect(orphanSessions).toEqual([]);
    // Every account there logs in with its password; the outage's 503s counted toward no lockout.
    const statuses = await Promise.all(
      [known, ...accepted, ...leftBehind].map((account) => logIn(account.email)),
    );
    expect(statuses).toEqual(statuses.map(() => 200));
  }, 120_000);
});
