/**
 * docs/decisions/security.md: Credential epoch, across processes. The real server with WORKERS=2 (a primary and two
 * worker processes on one port) on Postgres: old-password logins race a password change and a reset by mailed link,
 * six logins 0-100 ms apart around each, and no session made with the old password is still signed in afterwards
 * (it can no longer call GET /api/me), whichever process made it and whichever ended the others.
 * server/security/credentialEpoch.test.ts runs the same race in one process.
 *
 * Needs Postgres: it runs in scripts/pg-test.ts (the 'server tests on Postgres' phase of .ci/run), on a database of
 * its own in that cluster; without DATABASE_URL it is skipped (on PGlite one process owns the database, and a
 * cluster of its own would repeat that phase's work). LOGIN_RACE_TRIALS=50 runs 50 trials of each race instead of 5
 * (docs/security.md records such a run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { startRealServer } from '../test/e2e/realServer';
import { type TestPostgres, throwawayPostgres } from './test/throwawayPostgres';

const TRIALS = Number(process.env.LOGIN_RACE_TRIALS ?? 5) || 5;
const LOGINS = 6;
/** Trials run at once, each on its own account: more interleavings in less time. */
const AT_ONCE = 5;
const OLD = 'the old passphrase 1';

type Server = Awaited<ReturnType<typeof startRealServer>>;
let database: TestPostgres | null = null;
let server: Server | undefined;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser of its own: sends back the session cookie it was given. */
const browser = () => {
  let cookie = '';
  const call = async (method: string, route: string, body?: unknown) => {
    const origin = server?.url ?? '';
    const answer = await fetch(`${origin}${route}`, {
      method,
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = answer.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    await answer.arrayBuffer();
    return answer.status;
  };
  return {
    login: (email: string, pwd = OLD) => call('POST', API_PATHS.login.path, { email, pwd }),
    signedIn: async () => (await call('GET', API_PATHS.getMe.path)) === 200,
    changePassword: (pwd: string) => call('POST', API_PATHS.changePassword.path, { pwd }),
    forgotPassword: (email: string) => call('POST', API_PATHS.forgotPassword.path, { email }),
    setNewPassword: (token: string, pwd: string) =>
      call('POST', `${API_PATHS.setNewPassword.path}?token=${encodeURIComponent(token)}`, { pwd }),
  };
};
type Browser = ReturnType<typeof browser>;

let accounts = 0;
/** A new curator account with the old password (each trial its own: refusals never add up to a lockout). */
const newAccount = async (): Promise<string> => {
  accounts += 1;
  const name = `race${Date.now().toString(36)}${accounts}`;
  const email = `${name}@example.com`;
  const answer = await fetch(`${server?.url}${API_PATHS.registerCurator.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server?.url ?? '' },
    body: JSON.stringify({ email, pwd: OLD, screenName: name, channelName: name, subdomain: name }),
  });
  expect(answer.status, server?.output()).toBe(200);
  return email;
};

/** The reset link's token from the demo mailbox (the server's /api/dev/mailbox, which reads the outbox). */
const resetToken = async (email: string): Promise<string> => {
  const mails = (await (
    await fetch(`${server?.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as { links: string[] }[];
  const link = mails.flatMap((mail) => mail.links).find((l) => l.includes('token='));
  return new URL(link ?? 'http://none').searchParams.get('token') ?? '';
};

/**
 * Six logins with the old password, 0-100 ms apart, each in its own browser, the first `after` ms after the change
 * began (the trials slide the window across the change's commit: some logins read the old password before it,
 * some after, some verify before it and write their session after): those that got a session.
 */
const racingLogins = async (email: string, after: number): Promise<Browser[]> => {
  const attempts = Array.from({ length: LOGINS }, async (_, index) => {
    await pause(after + index * 20);
    const own = browser();
    return (await own.login(email)) === 200 ? own : null;
  });
  return (await Promise.all(attempts)).filter((own): own is Browser => own !== null);
};

/** The worker processes whose request lines (server/ops/requestLog.ts) show an answered call of `route`. */
const processesThatAnswered = (route: string): Set<number> => {
  const pids = new Set<number>();
  for (const line of server?.output().split('\n') ?? []) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { pid?: number; route?: string };
    if (entry.route === route && entry.pid !== undefined) pids.add(entry.pid);
  }
  return pids;
};

/** Runs `trial` TRIALS times, AT_ONCE at a time; answers the sessions that survived and the logins that got in. */
const race = async (trial: (index: number) => Promise<Browser[]>) => {
  let survivors = 0;
  let gotIn = 0;
  for (let batch = 0; batch < TRIALS; batch += AT_ONCE) {
    const rounds = Array.from({ length: Math.min(AT_ONCE, TRIALS - batch) }, async (_, index) => {
      const logins = await trial(batch + index);
      gotIn += logins.length;
      const alive = await Promise.all(logins.map((login) => login.signedIn()));
      survivors += alive.filter(Boolean).length;
    });
    await Promise.all(rounds);
  }
  return { survivors, gotIn };
};

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  database = await throwawayPostgres();
  if (!database) return;
  server = await startRealServer({
    checkConformance: false,
    env: { DATABASE_URL: database.url, WORKERS: '2', RATE_LIMITS: 'off', LOG_LEVEL: 'info' },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.stop();
});

describe.skipIf(!process.env.DATABASE_URL)(
  'logins racing a change, across two worker processes on Postgres',
  () => {
    it(`keeps no old-password session: ${TRIALS} trials of ${LOGINS} logins around a password change`, async () => {
      expect(server?.output()).toContain('2 workers');
      const { survivors, gotIn } = await race(async (trial) => {
        const email = await newAccount();
        const owner = browser();
        expect(await owner.login(email)).toBe(200);
        const [changed, logins] = await Promise.all([
          owner.changePassword(`the new passphrase ${trial}`),
          racingLogins(email, (trial % 5) * 20),
        ]);
        expect(changed).toBe(200);
        // The owner's own session, rotated by the change, lives on.
        expect(await owner.signedIn()).toBe(true);
        return logins;
      });
      expect(survivors).toBe(0);
      // The race was run: some logins got in before the change (and were ended by it), and across processes: both
      // workers answered logins, and both answered the calls that found the sessions ended.
      expect(gotIn).toBeGreaterThan(0);
      expect(processesThatAnswered(API_PATHS.login.path).size).toBe(2);
      expect(processesThatAnswered(API_PATHS.getMe.path).size).toBe(2);
      console.info(
        `around a change: ${TRIALS} trials, ${gotIn} of ${TRIALS * LOGINS} logins got in, ${survivors} survived`,
      );
    }, 240_000);

    it(`keeps no old-password session: ${TRIALS} trials of ${LOGINS} logins around a reset by mailed link`, async () => {
      const { survivors, gotIn } = await race(async (trial) => {
        const email = await newAccount();
        expect(await browser().forgotPassword(email)).toBe(200);
        const token = await resetToken(email);
        expect(token).not.toBe('');
        const [reset, logins] = await Promise.all([
          browser().setNewPassword(token, `the new passphrase ${trial}`),
          racingLogins(email, (trial % 5) * 20),
        ]);
        expect(reset).toBe(200);
        return logins;
      });
      expect(survivors).toBe(0);
      expect(gotIn).toBeGreaterThan(0);
      console.info(
        `around a reset: ${TRIALS} trials, ${gotIn} of ${TRIALS * LOGINS} logins got in, ${survivors} survived`,
      );
    }, 240_000);
  },
);
