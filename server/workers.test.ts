/**
 * Several server processes on one Postgres (README 'Performance', WORKERS): everything they must agree on lives in
 * the database. Two separate processes on their own ports (so each request's process is known): a session made on
 * one is used on the other; one per-address rate limit, the per-recipient mail limit and one account lockout hold
 * across both. Then WORKERS=2 on one port serves, and its /metrics sums both workers. Needs Postgres (DATABASE_URL, or Debian's postgresql for a throwaway cluster).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { startRealServer } from '../test/e2e/realServer';
import { RECIPIENT_MAIL_LIMITS } from './mail/recipientLimit';
import { DEFAULT_RATE_LIMITS } from './rateLimit';
import { DEMO_PASSWORD } from './seed';
import { type TestPostgres, throwawayPostgres } from './test/throwawayPostgres';

interface Server {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** The reference server as `npm start` runs it (test/e2e/realServer.ts), on the given Postgres, limits on. */
const startServer = (databaseUrl: string, env: Record<string, string> = {}): Promise<Server> =>
  startRealServer({
    checkConformance: false,
    env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'on', LOG_LEVEL: 'info', ...env },
  });

const post = (server: Server, path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Without Postgres (no DATABASE_URL, no Debian postgresql) there is nothing to run these processes on. */
const POSTGRES_AVAILABLE = Boolean(process.env.DATABASE_URL) || existsSync('/usr/lib/postgresql');

let database: TestPostgres | null = null;
let a: Server;
let b: Server;

beforeAll(async () => {
  database = await throwawayPostgres();
  if (!database) return;
  // One after the other: the second start finds the demo data seeded.
  a = await startServer(database.url);
  b = await startServer(database.url);
}, 120_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await database?.stop();
});

describe.skipIf(!POSTGRES_AVAILABLE)('two processes on one Postgres', () => {
  it('use each other’s sessions', async () => {
    const login = await post(a, API_PATHS.login.path, { email: 'curator@example.com', pwd: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect((await fetch(`${b.url}/api/me`, { headers: { cookie } })).status).toBe(200);
    // And a logout on one ends it on the other.
    expect((await post(b, API_PATHS.logout.path, {}, cookie)).status).toBe(200);
    // At once, with no wait: each of the two keeps no read of a session on Postgres (server/sessionReads.ts).
    expect((await fetch(`${a.url}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('share a per-address rate limit', async () => {
    const limit = DEFAULT_RATE_LIMITS.forgotPassword.max;
    for (let call = 0; call < limit; call += 1) {
      const server = call % 2 === 0 ? a : b;
      const answer = await post(server, API_PATHS.forgotPassword.path, {
        email: `nobody${call}@example.com`,
      });
      expect(answer.status, `call ${call + 1}`).not.toBe(429);
    }
    expect((await post(a, API_PATHS.forgotPassword.path, { email: 'x@example.com' })).status).toBe(429);
    expect((await post(b, API_PATHS.forgotPassword.path, { email: 'x@example.com' })).status).toBe(429);
  });

  it('share the per-recipient mail limit (docs/decisions/security.md: Mail per recipient)', async () => {
    // A demo employee registered again and again at one address, alternately on each process.
    const register = {
      step: 'all',
      organisationSubdomain: 'papier_union',
      companyId: 'PU-3002',
      lastName: 'Schmidt',
      email: 'peter.workers@example.com',
    };
    const statuses: number[] = [];
    for (let call = 0; call < 6; call += 1)
      statuses.push((await post(call % 2 === 0 ? a : b, API_PATHS.checkCompanyId.path, register)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const mails = (await (await fetch(`${b.url}/api/dev/mailbox?to=${register.email}`)).json()) as unknown[];
    expect(mails).toHaveLength(RECIPIENT_MAIL_LIMITS[0]?.max ?? 0);
  });

  it('share an account lockout', async () => {
    const wrong = (server: Server) =>
      post(server, API_PATHS.login.path, { email: 'staff@example.com', pwd: 'not the password' });
    const codes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      codes.push(((await (await wrong(attempt % 2 === 0 ? a : b)).json()) as { code: string }).code);
    expect(codes.slice(0, 9).every((code) => code === 'unknown_credential_error')).toBe(true);
    expect(codes[9]).toBe('account_locked_error');
    for (const server of [a, b]) {
      const right = await post(server, API_PATHS.login.path, {
        email: 'staff@example.com',
        pwd: DEMO_PASSWORD,
      });
      expect(right.status).toBe(423);
    }
  });

  it('WORKERS=2 serves one port from two processes', async () => {
    const workers = await startServer(database!.url, { WORKERS: '2' });
    try {
      expect(workers.output()).toContain('2 workers');
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${workers.url}/api/me`)));
      expect(answers.every((answer) => answer.status === 401)).toBe(true);
      // A scrape lands on one worker and answers the sum of both (server/ops/clusterMetrics.ts): every scrape
      // counts all 20 answers, whichever worker served them and whichever answers the scrape.
      for (let scrape = 0; scrape < 4; scrape += 1) {
        const text = await (
          await fetch(`${workers.url}/metrics`, { headers: { connection: 'close' } })
        ).text();
        // (The 401s are the only ones: the start's readiness polls answer 200.)
        const refused = [...text.matchAll(/^http_requests_total\{[^}]*status="401"[^}]*\} (\d+)$/gm)];
        expect(refused.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(20);
      }
    } finally {
      await workers.stop();
    }
  }, 60_000);

  it('a rolling restart of WORKERS=2 (SIGHUP) loses no request under load', async () => {
    const workers = await startServer(database!.url, { WORKERS: '2' });
    try {
      const login = await post(workers, API_PATHS.login.path, {
        email: 'curator@example.com',
        pwd: DEMO_PASSWORD,
      });
      const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const statuses = new Map<string, number>();
      let load = true;
      // Eight clients, each one call after another on kept-alive connections (as a browser or a balancer does).
      const client = async () => {
        while (load) {
          const status = await fetch(`${workers.url}/api/me`, { headers: { cookie } }).then(
            (answer) => String(answer.status),
            (error: unknown) => `error: ${error instanceof Error ? (error.cause ?? error.message) : error}`,
          );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      };
      const clients = Array.from({ length: 8 }, client);
      await new Promise((resolve) => setTimeout(resolve, 500));
      process.kill(workers.pid, 'SIGHUP');
      const deadline = Date.now() + 180_000; // a worker's start takes tens of seconds on a busy machine
      while (!workers.output().includes('rolling restart done') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      await new Promise((resolve) => setTimeout(resolve, 500));
      load = false;
      await Promise.all(clients);
      expect(workers.output()).toContain('rolling restart done');
      expect((workers.output().match(/worker replaced/g) ?? []).length).toBe(2);
      // Every call answered, and answered as signed in: the session lives in the database, not in a worker.
      expect([...statuses.keys()]).toEqual(['200']);
      expect(statuses.get('200')).toBeGreaterThan(50);
    } finally {
      await workers.stop();
    }
  }, 300_000);
});
