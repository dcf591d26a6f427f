/**
 * A check cut by a database outage before its verdict gives its counts back (docs/security.md: Sessions;
 * docs/decisions/security.md: Lockout). The outage is the database's own: while a flag row exists, every statement that
 * writes the users, rate_limits or sessions table (or only the tables it names) fails with SQLSTATE 08006 (connection
 * failure), which the server treats as a lost connection, as it does a stopped Postgres
 * (server/db/poolRecovery.test.ts). A code's outage begins while the code is being checked, after the check was
 * counted, as a real one would; a password login's is there when its session is written, the last statement of its
 * one transaction (PGlite's one connection is that transaction's until it ends, so nothing else can write then).
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { hasOneConnection } from '../db/client';
import { rateLimits, users } from '../db/schema';
import { giveBackUntilDone } from '../security/lockout';
import { createUser, currentCode, DEFAULT_PASSWORD } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

/** Where the outage begins: while the one-time code is checked. */
type Stage = 'code';
const outage = vi.hoisted(() => ({ begin: async (_stage: Stage) => {} }));
vi.mock('../security/twoFactor', async (original) => {
  const real = await original<typeof import('../security/twoFactor')>();
  return {
    ...real,
    verifyTotpOnce: async (...args: Parameters<typeof real.verifyTotpOnce>) => {
      await outage.begin('code');
      return real.verifyTotpOnce(...args);
    },
  };
});

const LOGIN = API_PATHS.login.path;
const TABLES = ['users', 'rate_limits', 'sessions'];

let t: TestApp;
let armed: Stage | null = null;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table outage_on (since timestamptz not null, tables text[])`);
  await t.db.execute(sql`create function outage_refuses() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from outage_on where tables is null or tg_table_name = any(tables)) then
        raise exception 'the database is gone' using errcode = '08006';
      end if;
      return null;
    end $$`);
  for (const table of TABLES)
    await t.db.execute(
      sql.raw(
        `create trigger outage_refuses before insert or update or delete on ${table} for each statement execute function outage_refuses()`,
      ),
    );
  outage.begin = async (stage) => {
    if (armed !== stage) return;
    armed = null;
    await t.db.execute(sql`insert into outage_on values (now(), null)`);
  };
});
beforeEach(async () => {
  await t.db.execute(sql`delete from outage_on`);
  armed = null;
  await t.reset();
});
afterAll(async () => {
  await t.db.execute(sql`delete from outage_on`);
  for (const table of TABLES) await t.db.execute(sql.raw(`drop trigger outage_refuses on ${table}`));
  await t.db.execute(sql`drop function outage_refuses`);
  await t.db.execute(sql`drop table outage_on`);
  await t.close();
});

const countsOf = async (userId: number) => {
  const [user] = await t.db
    .select({ failedAttempts: users.failedAttempts })
    .from(users)
    .where(eq(users.id, userId));
  const address = await t.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(like(rateLimits.key, 'lockout-address %'));
  return { account: user?.failedAttempts, address: address.map((row) => row.count) };
};

const quietly = async <T>(run: () => Promise<T>): Promise<T> => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return await run();
  } finally {
    quiet.mockRestore();
  }
};

describe('a check cut by a database outage', () => {
  it('a password login cut after its password check: 503, and nothing of it was counted (its transaction is rolled back)', async () => {
    const { user, email } = await createUser(t.db, {}, t.clock.now());
    await t.db.execute(sql`insert into outage_on values (now(), '{sessions}')`);
    const cut = await quietly(() => t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD }));
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual(expect.objectContaining({ code: 'unknown_server_error' }));
    // The check held its rows and wrote no count: the rollback leaves nothing to give back, not even its address's row
    // on Postgres; on PGlite the check is a transaction of its own, which made the row with no failure, and what
    // followed the hash was rolled back (docs/decisions/operations.md: Login statements).
    expect(await countsOf(user.id)).toEqual({ account: 0, address: hasOneConnection(t.db) ? [0] : [] });
    await t.db.execute(sql`delete from outage_on`);
    expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
    expect(await countsOf(user.id)).toEqual({ account: 0, address: [0] });
  }, 20_000);

  it('a one-time code check cut before its verdict gives its counts back too; a wrong password keeps its count', async () => {
    const { user, email, totpSecret } = await createUser(t.db, { totpSecret: true }, t.clock.now());
    armed = 'code';
    const cut = await quietly(() =>
      t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: currentCode(t, totpSecret ?? '') }),
    );
    expect(cut.status).toBe(503);
    // The password passed and counted nothing; the code's counts are held while the database is gone.
    expect(await countsOf(user.id)).toEqual({ account: 1, address: [1] });
    await t.db.execute(sql`delete from outage_on`);
    await vi.waitFor(async () => expect(await countsOf(user.id)).toEqual({ account: 0, address: [0] }), {
      timeout: 10_000,
      interval: 100,
    });
    // A verdict reached keeps its count: the wrong password is a failure.
    expect((await t.client().post(LOGIN, { email, pwd: 'not the password' })).status).toBe(401);
    expect(await countsOf(user.id)).toEqual({ account: 1, address: [1] });
  }, 20_000);
});

describe('giveBackUntilDone', () => {
  it('tries again, waiting longer each time, until it is given back; gives up when the window is over', async () => {
    let failuresLeft = 3;
    const tries: number[] = [];
    const started = Date.now();
    const give = async () => {
      tries.push(Date.now() - started);
      if (failuresLeft-- > 0) throw new Error('still gone');
    };
    expect(await giveBackUntilDone(give, 60_000, 20)).toBe(true);
    expect(tries).toHaveLength(4);
    // 20, 40, 80, 160 ms apart.
    expect(tries[3]).toBeGreaterThanOrEqual(20 + 40 + 80 + 160 - 20);
    const never = vi.fn(async () => {
      throw new Error('gone for good');
    });
    expect(await giveBackUntilDone(never, 200, 20)).toBe(false);
    // 20, 40, 80: the next wait (160) would end past the 200 ms window.
    expect(never).toHaveBeenCalledTimes(3);
  });
});
