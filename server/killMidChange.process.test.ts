/**
 * docs/decisions/security.md: Security changes are one transaction, shown on the real process: eight password
 * changes are sent at once and the server is killed (SIGKILL) as soon as the first is answered, while the others
 * are in flight. Started again on the same database, every account is whole: either the old password still signs
 * in, its other session is alive and no notice was written, or the new password signs in, the other session is
 * dead and the notice is in the outbox. Never a mix. On the embedded database by default, on Postgres when
 * DATABASE_URL is set (scripts/pg-test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { freePort } from '../test/freePort';

const ACCOUNTS = 8;
const OLD = 'the old passphrase 1';
const NEW = 'the new passphrase 2';

interface Server {
  child: ChildProcess;
  output: () => string;
}

const startServer = async (origin: string, dataDir: string): Promise<Server> => {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      PORT: new URL(origin).port,
      SITE_URL: origin,
      LOG_PRETTY: '0',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const readyBy = Date.now() + 120_000;
  while ((await fetch(`${origin}/health/ready`).catch(() => undefined))?.status !== 200) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > readyBy) throw new Error(`not ready within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output };
};

/** A browser of its own: the session cookie it was given, sent back. */
const browser = (origin: string) => {
  let cookie = '';
  const call = async (method: string, route: string, body?: unknown) => {
    const answer = await fetch(`${origin}${route}`, {
      method,
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = answer.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return answer.status;
  };
  return {
    login: (email: string, pwd: string) => call('POST', API_PATHS.login.path, { email, pwd }),
    me: () => call('GET', API_PATHS.getMe.path),
    changePassword: (pwd: string) => call('POST', API_PATHS.changePassword.path, { pwd }),
  };
};

describe('a server killed in the middle of password changes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kill-mid-change-'));
  let server: Server | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves every account with the old password and its sessions, or the new one, no session and its notice', async () => {
    const origin = `http://127.0.0.1:${await freePort()}`;
    server = await startServer(origin, dataDir);
    const run = Date.now().toString(36);
    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const email = `kill-${run}-${i}@example.com`;
      const signUp = browser(origin);
      const registered = await fetch(`${origin}${API_PATHS.registerCurator.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          email,
          pwd: OLD,
          screenName: `Kill ${i}`,
          channelName: `Kill ${run} ${i}`,
          subdomain: `kill${run}${i}`,
        }),
      });
      expect(registered.status, server.output()).toBe(200);
      const changer = browser(origin);
      const other = browser(origin);
      expect(await changer.login(email, OLD)).toBe(200);
      expect(await other.login(email, OLD)).toBe(200);
      accounts.push({ email, changer, other, signUp });
    }

    // Every change in flight; the first answer is the signal to kill the process.
    const killed = new Promise<void>((resolve) => server?.child.once('exit', () => resolve()));
    let firstAnswered = false;
    const changes = accounts.map((account) =>
      account.changer.changePassword(NEW).then(
        (status) => {
          if (!firstAnswered && status === 200) {
            firstAnswered = true;
            server?.child.kill('SIGKILL');
          }
          return status;
        },
        () => 0, // cut by the kill
      ),
    );
    const answers = await Promise.all(changes);
    await killed;
    expect(answers.filter((status) => status === 200).length).toBeGreaterThan(0);

    server = await startServer(origin, dataDir);
    let changed = 0;
    for (const account of accounts) {
      const otherAlive = (await account.other.me()) === 200;
      const mailbox = (await (
        await fetch(`${origin}/api/dev/mailbox?to=${encodeURIComponent(account.email)}`, {
          headers: { origin },
        })
      ).json()) as { subject: string }[];
      // The server writes its notices in the request's language: English here.
      const noticed = mailbox.some((mail) => mail.subject === 'Your password was changed');
      const newWorks = (await browser(origin).login(account.email, NEW)) === 200;
      const oldWorks = (await browser(origin).login(account.email, OLD)) === 200;
      const state = { email: account.email, otherAlive, noticed, newWorks, oldWorks };
      if (newWorks) {
        changed += 1;
        expect(state).toEqual({ ...state, otherAlive: false, noticed: true, oldWorks: false });
      } else {
        expect(state).toEqual({ ...state, otherAlive: true, noticed: false, oldWorks: true });
      }
    }
    // The changes answered before the kill are kept (nothing answered 200 was lost); the rest were cut mid-way.
    expect(changed).toBeGreaterThanOrEqual(answers.filter((status) => status === 200).length);
    console.info(
      `killed mid-change: ${changed} of ${ACCOUNTS} changes committed, ${ACCOUNTS - changed} rolled back`,
    );
  }, 300_000);
});
