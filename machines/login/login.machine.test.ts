import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type LoginInput, type LoginResult, loginInputOf } from '../../api/contract/auth';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ApiFailure, ErrorCode } from '../../api/contract/errorCodes';
import type { Refusal } from '../form/refusal';
import { twoFactorSetupMachine, verifyActor } from '../twoFactorSetup/twoFactorSetup.machine';
import { loginMachine } from './login.machine';
import type { LoginField } from './login.types';

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct horse';
const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};

/** What an ApiError carries: machines read `error.failure` (failureOf). */
const refusal = (code: ErrorCode, extra: Partial<ApiFailure> = {}) => ({
  failure: { code, fieldErrors: [], ...extra },
});

type Answer = LoginResult | { reject: unknown } | { later: Promise<LoginResult> };

/**
 * A login machine whose `login` answers from a script (one answer per call), with the real setup machine
 * whose `verify` is the same fake login (as the route wires it), and a redirect spy.
 */
function start(answers: Answer[], input?: { email?: string; canCopy?: boolean }) {
  const calls: LoginInput[] = [];
  const call = async (callInput: LoginInput): Promise<LoginResult> => {
    calls.push(callInput);
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected login call');
    if ('reject' in answer) throw answer.reject;
    if ('later' in answer) return answer.later;
    return answer;
  };
  const login = fromPromise<LoginResult, LoginInput>(({ input }) => call(input));
  const redirect = vi.fn();
  const machine = loginMachine.provide({
    actors: {
      login,
      twoFactorSetup: twoFactorSetupMachine.provide({
        actors: { verify: verifyActor((input) => call(loginInputOf(input))) },
      }),
    },
    actions: { redirect: (_, params) => redirect(params) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, redirect };
}

type Actor = ReturnType<typeof start>['actor'];

const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));

function type(actor: Actor, field: LoginField, value: string) {
  actor.send({ type: 'field.change', field, value });
}

async function submitPassword(actor: Actor) {
  type(actor, 'email', EMAIL);
  type(actor, 'password', PASSWORD);
  actor.send({ type: 'form.submit' });
  return settle(actor);
}

/** Reaches the code form the normal way: the server asks for a code. */
async function toCodeForm(actor: Actor) {
  await submitPassword(actor);
  expect(actor.getSnapshot().value).toBe('enteringCode');
}

describe('loginMachine: the password form (spec 2 Login, spec 5)', () => {
  it('starts on the password form with empty fields, an optional e-mail prefill and nothing shown', () => {
    const { actor } = start([], { email: 'x@example.com' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editingPassword');
    expect(context).toMatchObject({
      email: 'x@example.com',
      password: '',
      fieldErrors: {},
      error: undefined,
      twoFactorSetup: undefined,
    });
  });

  it('does not call the server with a form its schema refuses, and says why under each field', () => {
    const { actor, calls } = start([]);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editingPassword');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'any.required',
      password: 'any.required',
    });
    type(actor, 'email', 'not-an-e-mail');
    type(actor, 'password', 'x');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'string.email' });
    expect(calls).toEqual([]);
  });

  it('clears a field’s error as soon as that field changes, and only that one', () => {
    const { actor } = start([]);
    actor.send({ type: 'form.submit' });
    type(actor, 'email', 'a');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'any.required' });
  });

  it('calls login with e-mail and password (e-mail trimmed), busy and unable to submit again meanwhile', () => {
    const { actor, calls } = start([{ redirectUrl: null }]);
    type(actor, 'email', `  ${EMAIL} `);
    type(actor, 'password', PASSWORD);
    actor.send({ type: 'form.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('submittingPassword');
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    expect(calls).toEqual([{ email: EMAIL, password: PASSWORD }]);
  });

  it('ignores typing into fields of other forms', () => {
    const { actor } = start([]);
    type(actor, 'otpCode', '123456');
    expect(actor.getSnapshot().context.otpCode).toBe('');
  });
});

describe('loginMachine: success redirects the whole page (spec 2 Login)', () => {
  it.each([
    [{ redirectUrl: 'https://acme.example.com/webapp' }, 'https://acme.example.com/webapp'],
    [{ redirectUrl: null }, null],
  ])('answer %j: redirect with %j, then done', async (answer, redirectUrl) => {
    const { actor, redirect } = start([answer]);
    await submitPassword(actor);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().status).toBe('done');
    expect(redirect).toHaveBeenCalledExactlyOnceWith({ redirectUrl });
  });

  it('redirect is an effect the caller must provide', async () => {
    const login = fromPromise<LoginResult, LoginInput>(async () => ({ redirectUrl: null }));
    const actor = createActor(loginMachine.provide({ actors: { login } }), { input: {} }).start();
    type(actor, 'email', EMAIL);
    type(actor, 'password', PASSWORD);
    actor.send({ type: 'form.submit' });
    // waitFor rejects with the error the actor stopped on.
    await expect(waitFor(actor, (s) => s.status === 'done')).rejects.toThrow(
      'action redirect must be provided',
    );
    expect(actor.getSnapshot().status).toBe('error');
  });

  it('the default login slot rejects: an unknown_server_error form error, no redirect', async () => {
    const actor = createActor(loginMachine, { input: {} }).start();
    type(actor, 'email', EMAIL);
    type(actor, 'password', PASSWORD);
    actor.send({ type: 'form.submit' });
    const snapshot = await settle(actor);
    expect(snapshot.value).toBe('editingPassword');
    expect(snapshot.context.error).toEqual({ code: 'unknown_server_error' });
  });
});

/**
 * spec 8, every catalogue row the login call can answer, from each form: the form the machine lands on and where
 * the error shows (a field, or the form). Ours: account_locked_error, rate_limited_error, auth_otp_clock_drift_error.
 */
type Form = 'password' | 'code' | 'recovery';
interface Row {
  code: ErrorCode;
  extra?: Partial<ApiFailure>;
  lands: string;
  error: Refusal | undefined;
}
const ROWS: Record<Form, Row[]> = {
  password: [
    {
      code: 'unknown_credential_error',
      lands: 'editingPassword',
      error: { code: 'unknown_credential_error', field: 'password' },
    },
    // Asked for a code: the code form, whose own text says what to do; no error shown.
    { code: 'auth_otp_code_is_required_error', lands: 'enteringCode', error: undefined },
    {
      code: 'unknown_auth_otp_code_error',
      lands: 'enteringCode',
      error: { code: 'unknown_auth_otp_code_error', field: 'otpCode' },
    },
    {
      code: 'auth_otp_clock_drift_error',
      extra: { details: { minutes: -4 } },
      lands: 'enteringCode',
      error: { code: 'auth_otp_clock_drift_error', field: 'otpCode', details: { minutes: -4 } },
    },
    {
      code: 'two_factor_auth_is_not_setup_error',
      extra: { twoFactorSetup: SETUP },
      lands: 'settingUpTwoFactor',
      error: undefined,
    },
    // Without a payload there is nothing to set up with: it stays a form error.
    {
      code: 'two_factor_auth_is_not_setup_error',
      lands: 'editingPassword',
      error: { code: 'two_factor_auth_is_not_setup_error' },
    },
    { code: 'account_locked_error', lands: 'editingPassword', error: { code: 'account_locked_error' } },
    { code: 'rate_limited_error', lands: 'editingPassword', error: { code: 'rate_limited_error' } },
    { code: 'unknown_server_error', lands: 'editingPassword', error: { code: 'unknown_server_error' } },
  ],
  code: [
    {
      code: 'unknown_auth_otp_code_error',
      lands: 'enteringCode',
      error: { code: 'unknown_auth_otp_code_error', field: 'otpCode' },
    },
    {
      code: 'auth_otp_code_is_required_error',
      lands: 'enteringCode',
      error: { code: 'auth_otp_code_is_required_error', field: 'otpCode' },
    },
    {
      code: 'auth_otp_clock_drift_error',
      extra: { details: { minutes: 5 } },
      lands: 'enteringCode',
      error: { code: 'auth_otp_clock_drift_error', field: 'otpCode', details: { minutes: 5 } },
    },
    // The password changed meanwhile (another tab): back to the password form, the error under the password.
    {
      code: 'unknown_credential_error',
      lands: 'editingPassword',
      error: { code: 'unknown_credential_error', field: 'password' },
    },
    { code: 'account_locked_error', lands: 'enteringCode', error: { code: 'account_locked_error' } },
    { code: 'rate_limited_error', lands: 'enteringCode', error: { code: 'rate_limited_error' } },
    { code: 'unknown_server_error', lands: 'enteringCode', error: { code: 'unknown_server_error' } },
  ],
  recovery: [
    {
      code: 'unknown_auth_recovery_otp_code_error',
      lands: 'enteringRecoveryCode',
      error: { code: 'unknown_auth_recovery_otp_code_error', field: 'recoveryOtpCode' },
    },
    {
      code: 'used_auth_recovery_otp_code_error',
      lands: 'enteringRecoveryCode',
      error: { code: 'used_auth_recovery_otp_code_error', field: 'recoveryOtpCode' },
    },
    {
      code: 'unknown_credential_error',
      lands: 'editingPassword',
      error: { code: 'unknown_credential_error', field: 'password' },
    },
    { code: 'account_locked_error', lands: 'enteringRecoveryCode', error: { code: 'account_locked_error' } },
    { code: 'rate_limited_error', lands: 'enteringRecoveryCode', error: { code: 'rate_limited_error' } },
    { code: 'unknown_server_error', lands: 'enteringRecoveryCode', error: { code: 'unknown_server_error' } },
  ],
};

const ASK_FOR_CODE = { reject: refusal('auth_otp_code_is_required_error') };

async function submitFrom(form: Form, rejection: unknown) {
  if (form === 'password') {
    const started = start([{ reject: rejection }]);
    await submitPassword(started.actor);
    return started;
  }
  const started = start([ASK_FOR_CODE, { reject: rejection }]);
  await toCodeForm(started.actor);
  if (form === 'code') {
    type(started.actor, 'otpCode', '123456');
  } else {
    started.actor.send({ type: 'recovery.choose' });
    type(started.actor, 'recoveryOtpCode', 'AB12CD');
  }
  started.actor.send({ type: 'form.submit' });
  await settle(started.actor);
  return started;
}

describe.each([
  'password',
  'code',
  'recovery',
] as const)('loginMachine: refusals on the %s form (spec 8)', (form) => {
  it.each(ROWS[form])('$code -> $lands', async ({ code, extra, lands, error }) => {
    const { actor, redirect } = await submitFrom(form, refusal(code, extra));
    const { value, context } = actor.getSnapshot();
    expect(value).toBe(lands);
    expect(context.error).toEqual(error);
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('loginMachine: the code form (spec 2 Login, spec 5)', () => {
  it('repeats the login call with the pasted code cleaned', async () => {
    const { actor, calls } = start([ASK_FOR_CODE, { redirectUrl: null }]);
    await toCodeForm(actor);
    type(actor, 'otpCode', '123 456');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.at(-1)).toEqual({ email: EMAIL, password: PASSWORD, otpCode: '123456' });
    expect(actor.getSnapshot().value).toBe('redirecting');
  });

  it.each(['', '12345', '1234567', '12345a'])('does not send %j (exactly 6 digits)', async (code) => {
    const { actor, calls } = start([ASK_FOR_CODE]);
    await toCodeForm(actor);
    type(actor, 'otpCode', code);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.fieldErrors.otpCode).toBeDefined();
    expect(calls).toHaveLength(1);
  });

  it('leaves e-mail and password alone while on the code form', async () => {
    const { actor } = start([ASK_FOR_CODE]);
    await toCodeForm(actor);
    type(actor, 'email', 'mallory@example.com');
    expect(actor.getSnapshot().context.email).toBe(EMAIL);
  });

  it('clears a code error when the code changes', async () => {
    const { actor } = await submitFrom('code', refusal('unknown_auth_otp_code_error'));
    type(actor, 'otpCode', '65432');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('keeps a form error while the code changes', async () => {
    const { actor } = await submitFrom('code', refusal('rate_limited_error'));
    type(actor, 'otpCode', '65432');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'rate_limited_error' });
  });
});

describe('loginMachine: the recovery form, by choice and back (spec 2, 4 Login)', () => {
  it('goes to the recovery form and sends the recovery code instead of a one-time code', async () => {
    const { actor, calls } = start([ASK_FOR_CODE, { redirectUrl: null }]);
    await toCodeForm(actor);
    actor.send({ type: 'recovery.choose' });
    expect(actor.getSnapshot().value).toBe('enteringRecoveryCode');
    type(actor, 'recoveryOtpCode', 'ab-12 cd');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.at(-1)).toEqual({ email: EMAIL, password: PASSWORD, recoveryOtpCode: 'ab12cd' });
  });

  it.each(['', 'ABC12', 'ABC1234', 'AB 1!D'])('does not send %j (exactly 6 characters)', async (code) => {
    const { actor, calls } = start([ASK_FOR_CODE]);
    await toCodeForm(actor);
    actor.send({ type: 'recovery.choose' });
    type(actor, 'recoveryOtpCode', code);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('enteringRecoveryCode');
    expect(calls).toHaveLength(1);
  });

  it('goes back to the code form, errors cleared', async () => {
    const { actor } = await submitFrom('recovery', refusal('used_auth_recovery_otp_code_error'));
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});

describe('loginMachine: remember this device (docs/decisions/security.md: Remember this device)', () => {
  it('sends rememberDevice with the one-time code only when the box is ticked', async () => {
    const { actor, calls } = start([
      ASK_FOR_CODE,
      { reject: refusal('unknown_auth_otp_code_error') },
      { redirectUrl: null },
    ]);
    await toCodeForm(actor);
    actor.send({ type: 'remember.change', checked: true });
    type(actor, 'otpCode', '123456');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.at(-1)).toEqual({
      email: EMAIL,
      password: PASSWORD,
      otpCode: '123456',
      rememberDevice: true,
    });
    actor.send({ type: 'remember.change', checked: false });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.at(-1)).toEqual({ email: EMAIL, password: PASSWORD, otpCode: '123456' });
  });

  it('sends it with a recovery code, and forgets the box when the login starts over', async () => {
    const { actor, calls } = start([ASK_FOR_CODE, { redirectUrl: null }]);
    await toCodeForm(actor);
    actor.send({ type: 'remember.change', checked: true });
    actor.send({ type: 'recovery.choose' });
    expect(actor.getSnapshot().context.rememberDevice).toBe(true);
    type(actor, 'recoveryOtpCode', 'AB12CD');
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().context.rememberDevice).toBe(false);
    // Not on the password form: the box belongs to the code forms.
    actor.send({ type: 'remember.change', checked: true });
    expect(actor.getSnapshot().context.rememberDevice).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('sends it with the recovery code', async () => {
    const { actor, calls } = start([ASK_FOR_CODE, { redirectUrl: null }]);
    await toCodeForm(actor);
    actor.send({ type: 'recovery.choose' });
    actor.send({ type: 'remember.change', checked: true });
    type(actor, 'recoveryOtpCode', 'AB12CD');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.at(-1)).toEqual({
      email: EMAIL,
      password: PASSWORD,
      recoveryOtpCode: 'AB12CD',
      rememberDevice: true,
    });
  });
});

describe('loginMachine: reset, back to login (spec 4 Login)', () => {
  it.each([
    'enteringCode',
    'enteringRecoveryCode',
    'settingUpTwoFactor',
  ])('from %s: the password form, payload and error cleared, e-mail kept', async (from) => {
    const answer =
      from === 'settingUpTwoFactor'
        ? refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP })
        : ASK_FOR_CODE.reject;
    const { actor } = start([{ reject: answer }]);
    await submitPassword(actor);
    if (from === 'enteringRecoveryCode') actor.send({ type: 'recovery.choose' });
    expect(actor.getSnapshot().value).toBe(from);
    actor.send({ type: 'reset' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editingPassword');
    expect(context).toMatchObject({
      email: EMAIL,
      password: '',
      otpCode: '',
      error: undefined,
      twoFactorSetup: undefined,
    });
    expect(actor.getSnapshot().children.twoFactorSetup).toBeUndefined();
  });

  it('clears loading: a reset during a code submission leaves it, and its late answer is ignored', async () => {
    let answer: (result: LoginResult) => void = () => {};
    const later = new Promise<LoginResult>((resolve) => {
      answer = resolve;
    });
    const { actor, redirect } = start([ASK_FOR_CODE, { later }]);
    await toCodeForm(actor);
    type(actor, 'otpCode', '123456');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('editingPassword');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    answer({ redirectUrl: null });
    await later;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editingPassword');
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('loginMachine: authenticator setup (spec 2 Two-factor setup, spec 4 Login)', () => {
  const NOT_SET_UP = refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP });

  it('runs the setup machine with the payload, the copy ability, the reason and whose account it is', async () => {
    const { actor } = start([{ reject: NOT_SET_UP }], { canCopy: true });
    await submitPassword(actor);
    expect(actor.getSnapshot().context.twoFactorSetup).toEqual(SETUP);
    const setup = actor.getSnapshot().children.twoFactorSetup!;
    expect(setup.getSnapshot().context).toMatchObject({ setup: SETUP, canCopy: true, reason: 'enforced' });
    // The saved recovery codes name the account (the e-mail, trimmed).
    expect(setup.getSnapshot().context.account).toBe(actor.getSnapshot().context.email.trim());
    expect(setup.getSnapshot().context.account).toMatch(/@/);
  });

  it('VERIFY & SAVE repeats the login call with e-mail, password and the code; its answer redirects', async () => {
    const { actor, calls, redirect } = start([{ reject: NOT_SET_UP }, { redirectUrl: '/channel/acme' }]);
    await submitPassword(actor);
    const setup = actor.getSnapshot().children.twoFactorSetup!;
    setup.send({ type: 'code.change', value: '123-456' });
    setup.send({ type: 'code.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.at(-1)).toEqual({ email: EMAIL, password: PASSWORD, otpCode: '123456' });
    expect(redirect).toHaveBeenCalledExactlyOnceWith({ redirectUrl: '/channel/acme' });
  });

  it('shows the recovery codes the login answered before redirecting', async () => {
    const codes = ['AB12CD', 'EF34GH'];
    const { actor, redirect } = start([{ reject: NOT_SET_UP }, { redirectUrl: null, recoveryCodes: codes }]);
    await submitPassword(actor);
    const setup = actor.getSnapshot().children.twoFactorSetup!;
    setup.send({ type: 'code.change', value: '123456' });
    setup.send({ type: 'code.submit' });
    await waitFor(setup, (s) => s.matches('showingRecoveryCodes'));
    expect(redirect).not.toHaveBeenCalled();
    setup.send({ type: 'recovery.confirmChange', value: 'ef34gh' });
    setup.send({ type: 'recovery.confirmSubmit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(redirect).toHaveBeenCalledExactlyOnceWith({ redirectUrl: null });
  });

  it('keeps the payload across rejections: a wrong setup code stays in the setup with the same payload', async () => {
    const { actor } = start([{ reject: NOT_SET_UP }, { reject: refusal('unknown_auth_otp_code_error') }]);
    await submitPassword(actor);
    const setup = actor.getSnapshot().children.twoFactorSetup!;
    setup.send({ type: 'code.change', value: '123456' });
    setup.send({ type: 'code.submit' });
    await waitFor(setup, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('settingUpTwoFactor');
    expect(actor.getSnapshot().context.twoFactorSetup).toEqual(SETUP);
    expect(setup.getSnapshot().context).toMatchObject({
      setup: SETUP,
      error: { code: 'unknown_auth_otp_code_error', field: 'code' },
    });
  });
});
