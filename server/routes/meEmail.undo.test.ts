/**
 * The e-mail undo cannot be defeated (docs/decisions/security.md: Changing the e-mail address, Recovery review): an intruder
 * who moved the account to their address can neither take the owner's old address, nor cancel the owner's undo by a
 * chain of changes, nor keep signing in with the password they knew once the owner undid the change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { users } from '../db/schema';
import { DEFAULT_PASSWORD, signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

const CHANGE = API_PATHS.changeEmail.path;
const CONFIRM = API_PATHS.confirmEmailChange.path;
const UNDO = API_PATHS.undoEmailChange.path;
const LOGIN = API_PATHS.login.path;
const ME = API_PATHS.getMe.path;
const SET = API_PATHS.setNewPassword.path;
const REGISTER = API_PATHS.registerCurator.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';
const emailOf = async (userId: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

/** The intruder, signed in as the owner, moves the account to `to`; answers the undo link mailed to the old address. */
const moveAccount = async (session: TestClient, from: string, to: string): Promise<string> => {
  expect((await session.post(CHANGE, { email: to })).status).toBe(200);
  expect((await t.client().post(CONFIRM, { token: tokenOf(await t.lastLink(to)) })).status).toBe(200);
  return tokenOf(await t.lastLink(from));
};

describe('the e-mail undo against an intruder', () => {
  it('holds the old address while its undo lives: nobody else can sign up with it, and the undo then works', async () => {
    const { client: intruder, email: owner, user } = await signedInUser(t);
    const undo = await moveAccount(intruder, owner, 'intruder@example.com');
    const signUp = await t.client().post(REGISTER, {
      email: owner,
      pwd: 'a fresh password',
      screenName: 'Not the owner',
      channelName: 'Grab',
      subdomain: 'grab',
    });
    expect(signUp.status).toBe(409);
    expect(signUp.body).toMatchObject({ code: 'email_already_exist_error' });
    // Nor may another account change its address to it.
    const { client: other } = await signedInUser(t);
    expect((await other.post(CHANGE, { email: owner })).status).toBe(409);

    const undone = await t.client().post(UNDO, { token: undo });
    expect(undone.status).toBe(200);
    expect(await emailOf(user.id)).toBe(owner);
  });

  it('a chain of changes cannot cancel the owner’s undo: A -> B -> C, the undo mailed to B leaves A’s alive, and A’s ends B’s', async () => {
    const { client: intruder, email: a, user } = await signedInUser(t);
    const undoToA = await moveAccount(intruder, a, 'b@example.com');
    const undoToB = await moveAccount(intruder, 'b@example.com', 'c@example.com');
    expect((await t.client().post(UNDO, { token: undoToB })).status).toBe(200);
    expect(await emailOf(user.id)).toBe('b@example.com');
    // The owner's undo still works, and wins.
    expect((await t.client().post(UNDO, { token: undoToA })).status).toBe(200);
    expect(await emailOf(user.id)).toBe(a);

    // The other order: the owner's undo first ends every later undo.
    const { client: again, email: a2, user: second } = await signedInUser(t);
    const ownerUndo = await moveAccount(again, a2, 'b2@example.com');
    const intruderUndo = await moveAccount(again, 'b2@example.com', 'c2@example.com');
    expect((await t.client().post(UNDO, { token: ownerUndo })).status).toBe(200);
    expect((await t.client().post(UNDO, { token: intruderUndo })).status).toBe(404);
    expect(await emailOf(second.id)).toBe(a2);
  });

  it('restores the address and disables the password: the intruder’s password no longer signs in; the owner sets a new one with the answered reset token', async () => {
    const { client: intruder, email: owner } = await signedInUser(t);
    const undo = await moveAccount(intruder, owner, 'intruder@example.com');
    const undone = await t.client().post(UNDO, { token: undo });
    expect(undone.body).toEqual({ email: owner, resetToken: expect.stringMatching(/^[\w-]{43}$/) });
    expect((await intruder.get(ME)).status).toBe(401);
    expect((await t.client().post(LOGIN, { email: owner, pwd: DEFAULT_PASSWORD })).status).toBe(401);

    const { resetToken } = undone.body as { resetToken: string };
    const set = await t.client().post(SET, { pwd: 'the owner again' }, { query: { token: resetToken } });
    expect(set.status).toBe(200);
    expect((await t.client().post(LOGIN, { email: owner, pwd: 'the owner again' })).status).toBe(200);
  });

  it('an undo refused because the address is taken is not used up', async () => {
    const { client: intruder, email: owner, user } = await signedInUser(t);
    const undo = await moveAccount(intruder, owner, 'intruder@example.com');
    // An account that took the address before holds were kept (or by hand in the database).
    await t.db.update(users).set({ email: 'elsewhere@example.com' }).where(eq(users.id, user.id));
    const { user: squatter } = await signedInUser(t, { email: owner });
    expect((await t.client().post(UNDO, { token: undo })).status).toBe(409);
    await t.db.delete(users).where(eq(users.id, squatter.id));
    expect((await t.client().post(UNDO, { token: undo })).status).toBe(200);
  });
});
