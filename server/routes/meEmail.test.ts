import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { STEP_UP_WINDOW_MS } from '../../api/contract/security';
import { users } from '../db/schema';
import { createUser, DEFAULT_PASSWORD, signedInUser, signIn } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { EMAIL_CHANGE_PAGE, EMAIL_UNDO_PAGE } from './meEmail';

const CHANGE = API_PATHS.changeEmail.path;
const CONFIRM = API_PATHS.confirmEmailChange.path;
const UNDO = API_PATHS.undoEmailChange.path;
const ME = API_PATHS.getMe.path;
const DAY = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';
const emailOf = async (userId: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe('changing the e-mail address', () => {
  it('mails a link to the NEW address and changes nothing until it is used; then the OLD one gets a notice with undo', async () => {
    const { client, email, user } = await signedInUser(t, { screenName: 'Ada' });
    expect((await client.post(CHANGE, { email: 'New.Ada@Example.com' })).status).toBe(200);
    expect(await emailOf(user.id)).toBe(email);
    const link = await t.lastLink('New.Ada@Example.com');
    expect(new URL(link).pathname).toBe(EMAIL_CHANGE_PAGE);
    expect(await t.mailbox(email)).toHaveLength(0);

    const confirmed = await t.client().post(CONFIRM, { token: tokenOf(link) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: 'New.Ada@Example.com' });
    expect(await emailOf(user.id)).toBe('New.Ada@Example.com');
    expect(((await client.get(ME)).body as { email: string }).email).toBe('New.Ada@Example.com');
    // Single use.
    expect((await t.client().post(CONFIRM, { token: tokenOf(link) })).body).toEqual({
      code: 'email_change_token_invalid_error',
    });
    const [notice] = await t.mailbox(email);
    expect(notice?.subject).toBe('Your e-mail address was changed');
    expect(notice?.text).toContain('New.Ada@Example.com');
    const undoLink = notice?.links[0] ?? '';
    expect(new URL(undoLink).pathname).toBe(EMAIL_UNDO_PAGE);

    // Undo within its lifetime: the old address is back and every session ends.
    t.clock.advance(6 * DAY);
    const undone = await t.client().post(UNDO, { token: tokenOf(undoLink) });
    expect(undone.status).toBe(200);
    expect(await emailOf(user.id)).toBe(email);
    expect((await client.get(ME)).status).toBe(401);
  });

  it("asking again ('Send again') mails another link and the earlier ones stay live; over the new address's share of mails the answer is the same and no mail goes", async () => {
    const { client, user } = await signedInUser(t);
    for (let i = 0; i < 4; i += 1)
      expect((await client.post(CHANGE, { email: 'again@example.com' })).status).toBe(200);
    // docs/decisions/security.md: Mail per recipient: 3 per 15 minutes; the fourth answers as if sent (no token, no mail).
    const mails = await t.mailbox('again@example.com');
    expect(mails).toHaveLength(3);
    // docs/decisions/security.md: Token lifetimes: the first link still works, and using it ends the others.
    const [first, second] = mails.map((mail) => tokenOf(mail.links[0] ?? ''));
    expect((await t.client().post(CONFIRM, { token: first })).status).toBe(200);
    expect(await emailOf(user.id)).toBe('again@example.com');
    expect((await t.client().post(CONFIRM, { token: second })).status).toBe(404);
  });

  it('an undo link stops working after seven days', async () => {
    const { client, email } = await signedInUser(t);
    await client.post(CHANGE, { email: 'later@example.com' });
    await t.client().post(CONFIRM, { token: tokenOf(await t.lastLink('later@example.com')) });
    const undoLink = await t.lastLink(email);
    t.clock.advance(7 * DAY);
    expect((await t.client().post(UNDO, { token: tokenOf(undoLink) })).status).toBe(404);
  });

  it('the link to the new address expires after a day', async () => {
    const { client, user, email } = await signedInUser(t);
    await client.post(CHANGE, { email: 'slow@example.com' });
    t.clock.advance(DAY);
    const late = await t.client().post(CONFIRM, { token: tokenOf(await t.lastLink('slow@example.com')) });
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ code: 'email_change_token_invalid_error' });
    expect(await emailOf(user.id)).toBe(email);
  });

  it('refuses an address another account has, in any case, and the same address', async () => {
    const { client, email } = await signedInUser(t);
    const other = await createUser(t.db, { email: 'taken@example.com' }, t.clock.now());
    expect((await client.post(CHANGE, { email: 'TAKEN@example.com' })).body).toEqual({
      code: 'email_already_exist_error',
    });
    expect((await client.post(CHANGE, { email: email.toUpperCase() })).status).toBe(409);
    expect(other.email).toBe('taken@example.com');
  });

  it('refuses at confirmation when the address was taken in between', async () => {
    const { client, user, email } = await signedInUser(t);
    await client.post(CHANGE, { email: 'race@example.com' });
    await createUser(t.db, { email: 'Race@example.com' }, t.clock.now());
    const raced = await t.client().post(CONFIRM, { token: tokenOf(await t.lastLink('race@example.com')) });
    expect(raced.status).toBe(409);
    expect(await emailOf(user.id)).toBe(email);
  });

  it('needs a recent step-up, and validates the address', async () => {
    const { client } = await signedInUser(t);
    expect((await client.post(CHANGE, { email: 'not an address' })).status).toBe(400);
    t.clock.advance(STEP_UP_WINDOW_MS);
    expect((await client.post(CHANGE, { email: 'x@example.com' })).body).toEqual({
      code: 'step_up_required_error',
    });
    await client.post(API_PATHS.stepUp.path, { pwd: DEFAULT_PASSWORD });
    expect((await client.post(CHANGE, { email: 'x@example.com' })).status).toBe(200);
  });

  it('confirms an unconfirmed account by the link to the new address (the banner goes)', async () => {
    const created = await createUser(t.db, { confirmed: false }, t.clock.now());
    const client = t.client();
    await signIn(client, created.email);
    expect(
      ((await client.get(ME)).body as { accountConfirmationPending: boolean }).accountConfirmationPending,
    ).toBe(true);
    await client.post(CHANGE, { email: 'proved@example.com' });
    await t.client().post(CONFIRM, { token: tokenOf(await t.lastLink('proved@example.com')) });
    expect(
      ((await client.get(ME)).body as { accountConfirmationPending: boolean }).accountConfirmationPending,
    ).toBe(false);
  });
});
