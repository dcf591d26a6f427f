/**
 * SIGTERM on the real process (README 'Operating it', Signals): `node --import tsx server/main.ts` as `npm start`
 * runs it, on an embedded database in a temporary folder. A sign-up whose body is still arriving when the signal
 * comes is answered, the process exits 0 within the grace time, and the database it closed opens again with that
 * sign-up in it. What the stop does with connections and time is server/http/gracefulStop.test.ts's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { freePort } from '../../test/freePort';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { STOP_GRACE_MS } from './gracefulStop';

const EMAIL = 'stopping@example.com';

/** Waits until `output()` has a line `pattern` finds, or the process ends, or the deadline passes. */
const waitFor = async (child: ChildProcess, output: () => string, pattern: RegExp, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = output().match(pattern);
    if (found) return found;
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms: ${pattern}\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('SIGTERM on the running server', () => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let origin: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sigterm-'));
    // A port chosen here: the site's address (SITE_URL) names it, and calls must come from that origin.
    origin = `http://127.0.0.1:${await freePort()}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
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
    await waitFor(child, () => output, /Account site and API on/, 120_000);
    const readyBy = Date.now() + 30_000;
    while ((await fetch(`${origin}/health/ready`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > readyBy) throw new Error(`not ready within 30 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 150_000);

  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the call in flight, exits 0 within the grace time, and leaves its database closed and whole', async () => {
    const body = JSON.stringify({
      email: EMAIL,
      pwd: 'stopping passphrase 1',
      screenName: 'Stella Stop',
      channelName: 'Last Call',
      subdomain: 'last_call',
    });
    // The body's first half now, the rest after the signal: the call is in flight when the stop begins.
    const call = request(`${origin}${API_PATHS.registerCurator.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        origin,
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      call.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      call.on('error', reject);
    });
    call.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<{ code: number | null; signal: string | null; ms: number }>((resolve) => {
      const started = Date.now();
      child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - started }));
    });
    child.kill('SIGTERM');
    // The stop has begun (it takes no new connection: server/http/gracefulStop.test.ts); the call goes on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    call.end(body.slice(20));

    const answer = await answered;
    expect(answer, output).toMatchObject({ status: 200 });
    expect(JSON.parse(answer.text)).toHaveProperty('redirectUrl');
    const exit = await exited;
    expect(exit, output).toMatchObject({ code: 0, signal: null });
    // The grace time bounds the calls; closing the database comes after it.
    expect(exit.ms).toBeLessThan(STOP_GRACE_MS + 5_000);
    expect(output).not.toMatch(/"level":50|failed to start/);

    // Closed, not abandoned: the folder opens again, with the sign-up the last call made.
    const reopened = await openDatabase({ dataDir });
    try {
      const rows = await reopened.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
