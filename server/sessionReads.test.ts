import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { users } from './db/schema';
import { SESSION_READ_MS } from './sessionReads';
import { signedInUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';

const ME = API_PATHS.getMe.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('GET /api/me read from memory for a moment', () => {
  it('answers a read made a moment ago without the database, and reads afresh after SESSION_READ_MS', async () => {
    const { client, user } = await signedInUser(t, { screenName: 'Before' });
    expect((await client.get(ME)).body).toMatchObject({ username: 'Before' });
    // A change behind the server's back (another process): not seen within the moment, seen after it.
    await t.db.update(users).set({ screenName: 'Behind' }).where(eq(users.id, user.id));
    expect((await client.get(ME)).body).toMatchObject({ username: 'Before' });
    t.clock.advance(SESSION_READ_MS + 1);
    expect((await client.get(ME)).body).toMatchObject({ username: 'Behind' });
  });

  it('shows the user their own change at once: any other call of theirs drops the remembered read', async () => {
    const { client, user } = await signedInUser(t, { screenName: 'Before' });
    await client.get(ME);
    await t.db.update(users).set({ screenName: 'Changed' }).where(eq(users.id, user.id));
    await client.get(API_PATHS.getChannels.path);
    expect((await client.get(ME)).body).toMatchObject({ username: 'Changed' });
  });

  it('never answers for a session that ended, in this process', async () => {
    const { client } = await signedInUser(t);
    expect((await client.get(ME)).status).toBe(200);
    const cookies = new Map(client.cookies);
    expect((await client.post(API_PATHS.logout.path)).status).toBeLessThan(300);
    client.cookies.clear();
    for (const [name, value] of cookies) client.cookies.set(name, value);
    expect((await client.get(ME)).status).toBe(401);
  });
});
