import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const RESEND = API_PATHS.resendConfirmation.path;
const CONFIRM = API_PATHS.confirmEmail.path;

describe('POST /api/me/confirmation (spec 2 Me page: resend the confirmation mail)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('mails an unconfirmed user a new link that confirms the address', async () => {
    const { client, email } = await signedInUser(t, { confirmed: false });
    const response = await client.post(RESEND, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const token = new URL(await t.lastLink(email)).searchParams.get('token');
    expect(token).toBeTruthy();
    expect((await t.client().get(CONFIRM, { query: { token: token ?? '' } })).status).toBe(200);
    expect((await client.get(API_PATHS.getMe.path)).body).toMatchObject({
      accountConfirmationPending: false,
    });
  });

  it('sends nothing to a confirmed user, and refuses a visitor without a session', async () => {
    const { client, email } = await signedInUser(t);
    expect((await client.post(RESEND, {})).status).toBe(200);
    expect(await t.mailbox(email)).toEqual([]);
    expect((await t.client().post(RESEND, {})).status).toBe(401);
  });
});

describe('POST /api/me/confirmation rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
  });
  afterAll(() => t.close());

  it('sends at most a few mails per account in the window, then 429 with Retry-After', async () => {
    const { client, email } = await signedInUser(t, { confirmed: false });
    const max = DEFAULT_RATE_LIMITS.confirmationResend.max;
    for (let i = 0; i < max; i += 1) expect((await client.post(RESEND, {})).status).toBe(200);
    const refused = await client.post(RESEND, {});
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited_error' });
    expect(await t.mailbox(email)).toHaveLength(max);
  });
});
