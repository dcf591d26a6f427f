import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type LoginInput, type LoginResult, loginInputOf } from '../../api/contract/auth';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { loginMachine } from '../../machines/login/login.machine';
import { twoFactorSetupMachine, verifyActor } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { renderUi } from '../components/testing';
import { LoginView } from './LoginView';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/x',
  dataURL: 'data:image/png;base64,AAAA',
};
const refusal = (code: ErrorCode, extra: object = {}) => ({ failure: { code, fieldErrors: [], ...extra } });

/** The real machine and view; `login` answers from the list, one answer per call (an Error-free object rejects). */
function renderLogin(answers: Array<LoginResult | { reject: unknown }>) {
  const calls: LoginInput[] = [];
  const call = async (input: LoginInput): Promise<LoginResult> => {
    calls.push(input);
    const answer = answers.shift();
    if (!answer) return new Promise<LoginResult>(() => {});
    if ('reject' in answer) throw answer.reject;
    return answer;
  };
  const login = fromPromise<LoginResult, LoginInput>(({ input }) => call(input));
  const machine = loginMachine.provide({
    actors: {
      login,
      twoFactorSetup: twoFactorSetupMachine.provide({
        actors: { verify: verifyActor((input) => call(loginInputOf(input))) },
      }),
    },
    actions: { redirect: () => {} },
  });
  const actor = createActor(machine, { input: {} }).start();
  const rendered = renderUi(
    <LoginView
      actorRef={actor}
      renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
      contactEmail="help@example.test"
    />,
  );
  return { ...rendered, actor, calls };
}

async function logIn(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginView', () => {
  it('checks the password form before sending and focuses the first invalid field', async () => {
    const { user, calls } = renderLogin([]);
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('moves to the code form with focus on the code field, and takes a pasted code with spaces', async () => {
    const { user, calls } = renderLogin([{ reject: refusal('auth_otp_code_is_required_error') }]);
    expect(document.title).toBe('Log in - Account');
    await logIn(user);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeTruthy();
    expect(document.title).toBe('Enter your code - Account');
    expect(document.activeElement).toBe(code);
    // Asked for a code is not an error: nothing is announced.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.paste('123 456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(calls.at(-1)).toEqual({ email: 'ada@example.com', password: 'correct horse', otpCode: '123456' });
  });

  it('says by how much the device clock is off, under the code field', async () => {
    const { user } = renderLogin([
      { reject: refusal('auth_otp_code_is_required_error') },
      { reject: refusal('auth_otp_clock_drift_error', { details: { minutes: -3 } }) },
    ]);
    await logIn(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "Your device's clock is off by about 3 minutes. Turn on automatic date and time in your device settings, then try a new code.",
    );
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(code);
  });

  it('shows wrong credentials under the password and account lock as a form error', async () => {
    const { user } = renderLogin([
      { reject: refusal('unknown_credential_error') },
      { reject: refusal('account_locked_error') },
    ]);
    await logIn(user);
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('The e-mail or password is not correct.');
    expect(document.activeElement).toBe(password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Too many failed attempts.'));
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the submit button busy, not disabled, while the call is in flight', async () => {
    const { user } = renderLogin([]);
    await logIn(user);
    const submit = screen.getByRole('button', { name: 'Log in' });
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(submit.hasAttribute('disabled')).toBe(false);
  });

  it('recovery form: 6 characters, the no-recovery-code hint on demand, back to the code form', async () => {
    const { user, calls } = renderLogin([{ reject: refusal('auth_otp_code_is_required_error') }]);
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: "I don't have my authenticator device" }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(recovery);
    expect(document.title).toBe('Use a recovery code - Account');
    expect(recovery.getAttribute('autocomplete')).toBe('off');
    const noCode = screen.getByRole('button', { name: 'I have no recovery code' });
    const hint = document.getElementById(noCode.getAttribute('aria-controls') ?? '');
    expect(hint?.hidden).toBe(true);
    await user.click(noCode);
    expect(noCode.getAttribute('aria-expanded')).toBe('true');
    expect(hint?.hidden).toBe(false);
    expect(hint?.textContent).toContain('contact the administrator of your organisation');
    // Someone who signed up alone has no administrator: the site's contact address is the way on.
    expect(hint?.textContent).toContain('If you signed up on your own');
    expect(
      within(hint as HTMLElement)
        .getByRole('link', { name: 'help@example.test' })
        .getAttribute('href'),
    ).toBe('mailto:help@example.test');
    await user.type(recovery, 'ab1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('A recovery code has 6 letters and digits.')).toBeTruthy();
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Use a code from my authenticator app' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
  });

  it('back to login from a secondary form shows the password form, e-mail kept, focus on it', async () => {
    const { user } = renderLogin([{ reject: refusal('auth_otp_code_is_required_error') }]);
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Back to login' }));
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(email);
  });

  it('setup: the setup heading takes the focus; back to login goes away once the codes are shown', async () => {
    const { user, actor } = renderLogin([
      { reject: refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP }) },
      { redirectUrl: null, recoveryCodes: ['AB12CD'] },
    ]);
    await logIn(user);
    // The setup part is loaded lazily: its first import transforms its modules (seconds on two shared cores).
    const title = await screen.findByRole(
      'heading',
      { name: 'Set up two-factor authentication' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(document.title).toBe('Set up two-factor authentication - Account');
    expect(screen.getByRole('button', { name: 'Back to login' })).toBeTruthy();
    const setup = actor.getSnapshot().children.twoFactorSetup!;
    act(() => {
      setup.send({ type: 'code.change', value: '123456' });
      setup.send({ type: 'code.submit' });
    });
    await waitFor(() => expect(setup.getSnapshot().matches('showingRecoveryCodes')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Back to login' })).toBeNull());
    expect(document.title).toBe('Save your recovery codes - Account');
  });
});
