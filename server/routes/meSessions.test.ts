import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../api/contract/paths';
import { SessionsAnswerWire } from '../../api/contract/security';
import { sessions } from '../db/schema';
import { signedInUser, signIn } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const LIST = API_PATHS.getSessions.path;
const OTHERS = API_PATHS.endOtherSessions.path;
const ME = API_PATHS.getMe.path;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const list = async (client: ReturnType<TestApp['client']>) => {
  const response = await client.get(LIST);
  expect(response.status).toBe(200);
  return v.parse(SessionsAnswerWire, response.body).sessions;
};

describe('sessions and devices', () => {
  it('lists browser, system, first and last seen, this one marked, and never the session id', async () => {
    const { client, email } = await signedInUser(t);
    const phone = t.client({ 'user-agent': SAFARI_IPHONE });
    const laptop = t.client({ 'user-agent': FIREFOX });
    await signIn(laptop, email);
    t.clock.advance(60_000);
    await signIn(phone, email);
    t.clock.advance(10 * 60_000);
    await laptop.get(ME);
    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    const mine = seen.find((row) => row.current);
    expect(mine).toMatchObject({ browser: 'Firefox 128', system: 'Linux' });
    expect(mine?.lastSeen).toBe(t.clock.now().toISOString());
    expect(seen.find((row) => row.browser.startsWith('Safari'))).toMatchObject({
      system: 'iOS 17',
      current: false,
    });
    const raw = [...laptop.cookies.values(), ...phone.cookies.values(), ...client.cookies.values()];
    const stored = (await t.db.select({ idHash: sessions.idHash }).from(sessions)).map((row) => row.idHash);
    const body = JSON.stringify(seen);
    for (const secret of [...raw, ...stored]) expect(body).not.toContain(secret);
  });

  it('signs out one session: its next call is 401 at once, the others go on', async () => {
    const { client, email } = await signedInUser(t);
    const other = t.client({ 'user-agent': FIREFOX });
    await signIn(other, email);
    expect((await other.get(ME)).status).toBe(200); // now in the read cache
    const target = (await list(client)).find((row) => !row.current);
    const ended = await client.delete(apiPath('endSession', { id: target?.id ?? '' }));
    expect(ended.status).toBe(200);
    expect((await other.get(ME)).status).toBe(401);
    expect((await client.get(ME)).status).toBe(200);
    expect((await client.delete(apiPath('endSession', { id: target?.id ?? '' }))).body).toEqual({
      code: 'session_not_found_error',
    });
  });

  it("cannot end another user's session, and answers 404 for a malformed reference", async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const bobs = (await list(bob.client))[0];
    expect((await alice.client.delete(apiPath('endSession', { id: bobs?.id ?? '' }))).status).toBe(404);
    expect((await bob.client.get(ME)).status).toBe(200);
    expect((await alice.client.delete(apiPath('endSession', { id: '../../x' }))).status).toBe(404);
  });

  it('signs out every other session and keeps this one', async () => {
    const { client, email } = await signedInUser(t);
    const others = [t.client(), t.client()];
    for (const other of others) await signIn(other, email);
    const answer = await client.delete(OTHERS);
    expect(answer.body).toEqual({ ended: 2 });
    for (const other of others) expect((await other.get(ME)).status).toBe(401);
    expect((await list(client)).map((row) => row.current)).toEqual([true]);
  });
});

describe('revocation across server processes (docs/security.md: Sessions and devices)', () => {
  it('with several processes no read is kept: a session ended elsewhere is 401 at the next call', async () => {
    const workers = await createTestApp({ config: { workers: 2 } });
    try {
      const { client } = await signedInUser(workers);
      expect((await client.get(ME)).status).toBe(200);
      // Another process ends it: straight in the shared database, this process's memory knows nothing.
      await workers.db.delete(sessions);
      expect((await client.get(ME)).status).toBe(401);
    } finally {
      await workers.close();
    }
  });

  it('on Postgres no read is kept even with one worker: another instance may share the sessions', async () => {
    const shared = await createTestApp({
      config: { databaseUrl: 'postgres://another-instance.test/accounts' },
    });
    try {
      const { client } = await signedInUser(shared);
      expect((await client.get(ME)).status).toBe(200);
      await shared.db.delete(sessions);
      expect((await client.get(ME)).status).toBe(401);
    } finally {
      await shared.close();
    }
  });

  it('one process keeps a read for a moment (the cache this rule switches off), and drops it on revocation', async () => {
    const { client } = await signedInUser(t);
    expect((await client.get(ME)).status).toBe(200);
    await t.db.delete(sessions);
    // Shows the cache is real, so the test above would fail without the rule.
    expect((await client.get(ME)).status).toBe(200);
  });
});
