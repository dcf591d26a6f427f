/**
 * Spec 8 subdomain_is_taken_error under load: 50 concurrent curator registrations of one subdomain give exactly one success. The unique
 * constraint decides, not a read before the write; the losers get channel_subdomain_already_exist_error and
 * leave no user behind (their transaction rolls back).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { channels, memberships, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/testApp';

const CONTENDERS = 50;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it(`${CONTENDERS} concurrent curator sign-ups of one subdomain: exactly one wins`, async () => {
  const attempts = Array.from({ length: CONTENDERS }, (_, i) =>
    t.client().post(API_PATHS.registerCurator.path, {
      email: `racer-${i}@example.com`,
      pwd: 'secret-5',
      screenName: `Racer ${i}`,
      channelName: 'Race Day',
      // Different spellings of one subdomain once normalised (spec 5).
      subdomain: i % 2 === 0 ? 'race_day' : 'Race Day',
    }),
  );
  const responses = await Promise.all(attempts);
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  const losers = responses.filter((response) => response.status !== 200);
  expect(losers).toHaveLength(CONTENDERS - 1);
  for (const loser of losers) {
    expect(loser.status).toBe(409);
    expect(loser.body).toEqual({ code: 'channel_subdomain_already_exist_error' });
  }
  expect(await t.db.select().from(channels)).toHaveLength(1);
  expect(await t.db.select().from(users)).toHaveLength(1);
  expect(await t.db.select().from(memberships)).toHaveLength(1);
}, 60_000);
