/** The fake's account-security centre through the real api functions (docs/decisions/security.md: Account-security centre). */
import { describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../test/fakeApi';
import { login, setNewPassword } from '../auth';
import { getMe } from '../profile';
import {
  changeEmail,
  changePassword,
  confirmEmailChange,
  deleteAccount,
  endOtherSessions,
  endSession,
  getSessions,
  stepUp,
  undoEmailChange,
} from '../security';
import { ACCOUNTS, DEMO_PASSWORD } from './scenarios';
import { fakeStore } from './store';
import { codeOfCall, failureOfCall } from './testing';

setupFakeApi();

const loginAs = (email: string) => login({ email, password: DEMO_PASSWORD });

describe('account-security centre in the fake', () => {
  it('step-up takes the password and refuses a wrong one', async () => {
    await loginAs(ACCOUNTS.user);
    expect(await codeOfCall(stepUp({ password: 'wrong' }))).toBe('unknown_credential_error');
    expect(Date.parse((await stepUp({ password: DEMO_PASSWORD })).validUntil)).toBeGreaterThan(Date.now());
  });

  it('asks for a step-up once the window is over, then changes the password', async () => {
    await loginAs(ACCOUNTS.user);
    fakeStore.state.security.stepUpUntil = 0;
    expect(await codeOfCall(changePassword({ newPassword: 'new-secret' }))).toBe('step_up_required_error');
    await stepUp({ password: DEMO_PASSWORD });
    await changePassword({ newPassword: 'new-secret' });
    expect(await codeOfCall(loginAs(ACCOUNTS.user))).toBe('unknown_credential_error');
  });

  it('changes the e-mail only through the link, and undoes it', async () => {
    await loginAs(ACCOUNTS.user);
    await changeEmail({ email: 'moved@example.com' });
    expect((await getMe()).email).toBe(ACCOUNTS.user);
    const change = fakeStore.state.security.emailLinks.find((link) => link.kind === 'change');
    expect(await confirmEmailChange({ token: change?.token ?? '' })).toEqual({ email: 'moved@example.com' });
    expect((await getMe()).email).toBe('moved@example.com');
    expect(await codeOfCall(confirmEmailChange({ token: change?.token ?? '' }))).toBe(
      'email_change_token_invalid_error',
    );
    const undo = fakeStore.state.security.emailLinks.find((link) => link.kind === 'undo');
    // The undo answers a reset token: the owner sets a new password next, and the fake takes it.
    const undone = await undoEmailChange({ token: undo?.token ?? '' });
    expect(undone).toEqual({ email: ACCOUNTS.user, resetToken: expect.any(String) });
    expect(await setNewPassword({ token: undone.resetToken ?? '', newPassword: 'a new password' })).toEqual({
      reviewToken: expect.any(String),
    });
  });

  it('lists this session and the other device, and signs the other out', async () => {
    await loginAs(ACCOUNTS.user);
    const sessions = await getSessions();
    expect(sessions.map((row) => row.current)).toEqual([true, false]);
    await endSession({ id: sessions[1]?.id ?? '' });
    expect(await getSessions()).toHaveLength(1);
    expect(await endOtherSessions()).toEqual({ ended: 0 });
  });

  it('asks for a step-up before signing another session or all others out, not before signing this one out', async () => {
    await loginAs(ACCOUNTS.user);
    fakeStore.state.security.stepUpUntil = 0;
    const sessions = await getSessions();
    expect(await codeOfCall(endSession({ id: sessions[1]?.id ?? '' }))).toBe('step_up_required_error');
    expect(await codeOfCall(endOtherSessions())).toBe('step_up_required_error');
    expect(await getSessions()).toHaveLength(2);
    await stepUp({ password: DEMO_PASSWORD });
    expect(await endOtherSessions()).toEqual({ ended: 1 });
    fakeStore.state.security.stepUpUntil = 0;
    await endSession({ id: sessions[0]?.id ?? '' });
    expect(fakeStore.state.session).toBeNull();
  });

  it('deletes the account with the typed e-mail', async () => {
    await loginAs(ACCOUNTS.staff);
    const mistyped = await failureOfCall(deleteAccount({ confirmation: 'nope@example.com' }));
    expect(mistyped.fieldErrors.map((error) => error.field)).toEqual(['confirmation']);
    await deleteAccount({ confirmation: ACCOUNTS.staff.toUpperCase() });
    expect(await codeOfCall(loginAs(ACCOUNTS.staff))).toBe('unknown_credential_error');
  });
});
