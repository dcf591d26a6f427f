/**
 * docs/decisions/security.md: Credential epoch. An intruder who once held a session or the password cannot outlast the
 * owner's change or recovery: every order of concurrent requests is tried many times, on PGlite and (scripts/pg-test.ts)
 * on Postgres, and no session made under the old password survives.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { sessions, users } from '../db/schema';
import { createUser, DEFAULT_PASSWORD, signIn } from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

const LOGIN = API_PATHS.login.path;
const ME = API_PATHS.getMe.path;
const CHANGE = API_PATHS.changePassword.path;
const FORGOT = API_PATHS.forgotPassword.path;
const SET = API_PATHS.setNewPassword.path;
const HOUR = 3_600_000;
const TRIALS = 50;
const LOGINS = 6;
/** The logins in flight while the change runs; the others come after its answer. */
const IN_FLIGHT = 4;
/** Trials run five at a time, each on its own account: more interleavings, a fifth of the wall time. */
const AT_ONCE = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/**
 * Six logins with the old password, each on its own client, around a change: the clients that got a session. A
 * login holds its account's row while it checks the password (server/security/lockout.ts reserveLoginCheck), so a
 * change waits for the logins that came first and the ones after it wait for the change. The first four start 0-240
 * ms apart, in flight while the change runs (the race); the last two start once the change has answered, so every
 * trial has logins after it whatever the machine's load (a loaded machine once let all six finish before the
 * change, and the race was not run).
 */
const racingLogins = async (email: string, change: Promise<unknown>) => {
  const login = async () => {
    const client = t.client();
    const answer = await client.post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
    return answer.status === 200 ? client : null;
  };
  const attempts = Array.from({ length: LOGINS }, async (_, index) => {
    if (index < IN_FLIGHT) await pause(index * 80);
    else await change.then(() => pause((index - IN_FLIGHT) * 20));
    return login();
  });
  return (await Promise.all(attempts)).filter((client): client is TestClient => client !== null);
};

/** Runs `trial` TRIALS times, AT_ONCE at a time, a new hour per batch (old-password refusals never add up to a lock). */
const trials = async (trial: (index: number) => Promise<void>) => {
  for (let batch = 0; batch < TRIALS; batch += AT_ONCE) {
    t.clock.advance(2 * HOUR);
    await Promise.all(Array.from({ length: AT_ONCE }, (_, index) => trial(batch + index)));
  }
};

/** Those of the clients still signed in (GET /api/me answers them). */
const stillSignedIn = async (clients: TestClient[]) => {
  const reads = await Promise.all(clients.map((client) => client.get(ME)));
  return reads.filter((read) => read.status === 200).length;
};

describe('a login racing a password change or a reset', () => {
  it(`keeps no session made with the old password: ${TRIALS} trials of ${LOGINS} logins around a change`, async () => {
    let survivors = 0;
    let loginsThatGotIn = 0;
    await trials(async (trial) => {
      const { email } = await createUser(t.db, {}, t.clock.now());
      const owner = t.client();
      await signIn(owner, email);
      const change = pause((trial % 5) * 20).then(() => owner.post(CHANGE, { pwd: `new password ${trial}` }));
      const [logins, changed] = await Promise.all([racingLogins(email, change), change]);
      expect(changed.status).toBe(200);
      loginsThatGotIn += logins.length;
      survivors += await stillSignedIn(logins);
      // The owner's own session, rotated by the change, is the one that lives.
      expect((await owner.get(ME)).status).toBe(200);
    });
    expect(survivors).toBe(0);
    // The race was run: some logins came before the change (and were ended by it), some after (refused).
    expect(loginsThatGotIn).toBeGreaterThan(0);
    expect(loginsThatGotIn).toBeLessThan(TRIALS * LOGINS);
  }, 240_000);

  it(`keeps no session made with the old password: ${TRIALS} trials of ${LOGINS} logins around a reset by mailed link`, async () => {
    let survivors = 0;
    let loginsThatGotIn = 0;
    await trials(async (trial) => {
      const { email } = await createUser(t.db, {}, t.clock.now());
      await t.client().post(FORGOT, { email });
      const token = tokenOf(await t.lastLink(email));
      const reset = pause((trial % 5) * 20).then(() =>
        t.client().post(SET, { pwd: `new password ${trial}` }, { query: { token } }),
      );
      const [logins, answered] = await Promise.all([racingLogins(email, reset), reset]);
      expect(answered.status).toBe(200);
      loginsThatGotIn += logins.length;
      survivors += await stillSignedIn(logins);
    });
    expect(survivors).toBe(0);
    expect(loginsThatGotIn).toBeGreaterThan(0);
    expect(loginsThatGotIn).toBeLessThan(TRIALS * LOGINS);
  }, 240_000);

  it('a session whose epoch the account has moved past is refused at its next call, wherever it came from', async () => {
    const { email, user } = await createUser(t.db, {}, t.clock.now());
    const held = t.client();
    await signIn(held, email);
    // As if a login had written its session just after a change moved the epoch (the other order of the race).
    await t.db.update(users).set({ credentialEpoch: 1 }).where(eq(users.id, user.id));
    expect((await held.get(ME)).status).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.credentialEpoch).toBe(0);
  });

  it('a survivor of the old password cannot change the password again (it is no longer signed in)', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const intruder = t.client();
    const owner = t.client();
    await signIn(intruder, email);
    await signIn(owner, email);
    expect((await owner.post(CHANGE, { pwd: 'the owner new one' })).status).toBe(200);
    const answer = await intruder.post(CHANGE, { pwd: 'the intruder one' });
    expect(answer.status).toBe(401);
    expect((await t.client().post(LOGIN, { email, pwd: 'the owner new one' })).status).toBe(200);
  });

  it('two password changes at once from two sessions: one wins, the other session is ended, not both kept', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const first = t.client();
    const second = t.client();
    await signIn(first, email);
    await signIn(second, email);
    const answers = await Promise.all([
      first.post(CHANGE, { pwd: 'first new password' }),
      second.post(CHANGE, { pwd: 'second new password' }),
    ]);
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const alive = [(await first.get(ME)).status, (await second.get(ME)).status].filter((s) => s === 200);
    expect(alive).toHaveLength(1);
  });
});
