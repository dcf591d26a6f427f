/**
 * Several server processes on one Postgres (README 'Performance', WORKERS): everything they must agree on lives in
 * the database. Two separate processes on their own ports (so each request's process is known): a session made on
 * one is used on the other; one per-address rate limit and one account lockout hold across both. Then WORKERS=2
 * on one port serves. Needs Postgres (DATABASE_URL, or Debian's postgresql for a throwaway cluster).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from './rateLimit';
import { DEMO_PASSWORD } from './seed';
import { type TestPostgres, throwawayPostgres } from './test/throwawayPostgres';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

interface Server {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

const startServer = async (databaseUrl: string, env: Record<string, string> = {}): Promise<Server> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'account-workers-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      DATABASE_URL: databaseUrl,
      RATE_LIMITS: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/me`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

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
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past a remembered read (server/sessionReads.ts)
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
    } finally {
      await workers.stop();
    }
  }, 60_000);
});
