import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StepUpInput } from '../../api/contract/security';
import { webAuthnError } from '../../test/model/samples';
import { stepUpMachine } from './stepUp.machine';

const refusal = (code: string, extra: object = {}) => ({ failure: { code, fieldErrors: [], ...extra } });
const VALID_UNTIL = '2026-11-24T12:10:00.000Z';

/** The step-up with a fake POST /api/me/step_up answering in turn (an object rejects, 'ok' accepts). */
function start(twoFactorEnabled: boolean, answers: Array<object | 'ok'> = ['ok']) {
  const queue = [...answers];
  const stepUp = vi.fn(async (_input: StepUpInput) => {
    const answer = queue.shift();
    if (answer !== 'ok') throw answer;
    return { validUntil: VALID_UNTIL };
  });
  const actor = createActor(
    stepUpMachine.provide({ actors: { stepUp: fromPromise(({ input }) => stepUp(input)) } }),
    { input: { twoFactorEnabled } },
  ).start();
  return { actor, stepUp };
}

describe('stepUpMachine (docs/decisions/security.md: Step-up)', () => {
  it('asks an account without two-factor for its password, sends only that, and outputs until when', async () => {
    const { actor, stepUp } = start(false);
    expect(actor.getSnapshot().context.method).toBe('password');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'any.required' });
    expect(stepUp).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'password', value: ' secret ' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    // Passwords are never trimmed: spaces are characters.
    expect(stepUp).toHaveBeenCalledWith({ password: ' secret ' });
    expect(done.output).toEqual({ validUntil: VALID_UNTIL });
    expect(done.context.password).toBe('');
  });

  it('asks an account with two-factor for a 6-digit code, cleaned of spaces and dashes', async () => {
    const { actor, stepUp } = start(true);
    expect(actor.getSnapshot().context.method).toBe('otpCode');
    actor.send({ type: 'field.change', field: 'otpCode', value: '12345' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ otpCode: 'string.length' });
    actor.send({ type: 'field.change', field: 'otpCode', value: '123-456' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(stepUp).toHaveBeenCalledWith({ otpCode: '123456' });
  });

  it('a wrong password stands under the field; what was typed stays, a new try goes on', async () => {
    const { actor, stepUp } = start(false, [refusal('unknown_credential_error'), 'ok']);
    actor.send({ type: 'field.change', field: 'password', value: 'wrong' });
    actor.send({ type: 'form.submit' });
    const refused = await waitFor(actor, (s) => s.matches({ refused: 'wrongProof' }));
    expect(refused.context.error).toEqual({ code: 'unknown_credential_error', field: 'password' });
    expect(refused.context.password).toBe('wrong');
    actor.send({ type: 'field.change', field: 'password', value: 'right' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(stepUp).toHaveBeenLastCalledWith({ password: 'right' });
  });

  it('a wrong or drifted code stands under the code field, with the drift', async () => {
    const { actor } = start(true, [
      refusal('unknown_auth_otp_code_error'),
      refusal('auth_otp_clock_drift_error', { details: { minutes: 4 } }),
    ]);
    actor.send({ type: 'field.change', field: 'otpCode', value: '111111' });
    actor.send({ type: 'form.submit' });
    expect((await waitFor(actor, (s) => s.matches('refused'))).context.error).toEqual({
      code: 'unknown_auth_otp_code_error',
      field: 'otpCode',
    });
    actor.send({ type: 'form.submit' });
    const drift = await waitFor(actor, (s) => s.context.error?.code === 'auth_otp_clock_drift_error');
    expect(drift.matches({ refused: 'wrongProof' })).toBe(true);
    expect(drift.context.error).toEqual({
      code: 'auth_otp_clock_drift_error',
      field: 'otpCode',
      details: { minutes: 4 },
    });
  });

  it.each([
    ['account_locked_error', 'locked'],
    ['rate_limited_error', 'rateLimited'],
    ['unknown_server_error', 'failed'],
    ['network_error', 'failed'],
  ] as const)('%s: a form error in refused.%s; the retry sends what was typed again', async (code, state) => {
    const { actor, stepUp } = start(false, [refusal(code), 'ok']);
    actor.send({ type: 'field.change', field: 'password', value: 'typed once' });
    actor.send({ type: 'form.submit' });
    const refused = await waitFor(actor, (s) => s.matches('refused'));
    expect(refused.matches({ refused: state })).toBe(true);
    expect(refused.context.error?.code).toBe(code === 'network_error' ? 'unknown_server_error' : code);
    expect(refused.context.error?.field).toBeUndefined();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(stepUp.mock.calls).toEqual([[{ password: 'typed once' }], [{ password: 'typed once' }]]);
  });

  it('two-factor turned on since the page was read: the server asks for a code, the form asks for it', async () => {
    const { actor, stepUp } = start(false, [refusal('auth_otp_code_is_required_error'), 'ok']);
    actor.send({ type: 'field.change', field: 'password', value: 'secret' });
    actor.send({ type: 'form.submit' });
    const asked = await waitFor(actor, (s) => s.context.method === 'otpCode');
    expect(asked.matches('editing')).toBe(true);
    expect(asked.context.error).toEqual({ code: 'auth_otp_code_is_required_error', field: 'otpCode' });
    actor.send({ type: 'field.change', field: 'otpCode', value: '654321' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(stepUp).toHaveBeenLastCalledWith({ otpCode: '654321' });
  });

  it('two-factor turned off since: the server asks for the password, the form asks for it', async () => {
    const { actor } = start(true, [
      refusal('unknown_server_error', {
        fieldErrors: [{ field: 'password', code: 'any.required', message: '' }],
      }),
    ]);
    actor.send({ type: 'field.change', field: 'otpCode', value: '123456' });
    actor.send({ type: 'form.submit' });
    const asked = await waitFor(actor, (s) => s.context.method === 'password');
    expect(asked.matches('editing')).toBe(true);
    expect(asked.context.fieldErrors).toEqual({ password: 'any.required' });
    expect(asked.context.error).toBeUndefined();
  });

  it('the default slot refuses until the caller provides it', async () => {
    const actor = createActor(stepUpMachine, { input: { twoFactorEnabled: false } }).start();
    actor.send({ type: 'field.change', field: 'password', value: 'secret' });
    actor.send({ type: 'form.submit' });
    expect((await waitFor(actor, (s) => s.matches('refused'))).matches({ refused: 'failed' })).toBe(true);
  });
});

describe('stepUpMachine with a passkey (docs/decisions/security.md: Step-up by passkey)', () => {
  const CREDENTIAL = {
    id: 'Y3JlZGVudGlhbA',
    rawId: 'Y3JlZGVudGlhbA',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
  };
  const cancelled = webAuthnError('NotAllowedError');

  function startWithPasskey(
    hasPasskey: boolean,
    browser: Array<object | 'ok'>,
    server: Array<object | 'ok'>,
  ) {
    const verify = vi.fn(async (input: { credential: typeof CREDENTIAL }) => {
      const answer = server.shift();
      if (answer !== 'ok') throw answer;
      expect(input.credential).toEqual(CREDENTIAL);
      return { validUntil: VALID_UNTIL };
    });
    const actor = createActor(
      stepUpMachine.provide({
        actors: {
          hasPasskey: fromPromise(async () => hasPasskey),
          askPasskey: fromPromise(async () => {
            const answer = browser.shift();
            if (answer !== 'ok') throw answer;
            return CREDENTIAL;
          }),
          verifyPasskey: fromPromise(({ input }) => verify(input)),
        },
      }),
      { input: { twoFactorEnabled: false } },
    ).start();
    return { actor, verify };
  }

  it('offers the passkey only when the user has one', async () => {
    const without = startWithPasskey(false, [], []).actor;
    await waitFor(without, (s) => s.matches('editing'));
    without.send({ type: 'passkey.use' });
    expect(without.getSnapshot().matches('editing')).toBe(true);
  });

  it("a closed dialog is said, a refused passkey too; the next try proves it and forgets the browser's answer", async () => {
    const { actor, verify } = startWithPasskey(
      true,
      [cancelled, 'ok', 'ok'],
      [refusal('passkey_invalid_error'), 'ok'],
    );
    await waitFor(actor, (s) => s.context.passkeyOffered);
    actor.send({ type: 'passkey.use' });
    const closed = await waitFor(actor, (s) => s.matches({ refused: 'passkeyCancelled' }));
    expect(closed.context.passkeyRefusal).toBe('cancelled');
    actor.send({ type: 'passkey.use' });
    const refused = await waitFor(actor, (s) => s.matches({ refused: 'passkeyInvalid' }));
    expect(refused.context.passkeyRefusal).toBe('invalid');
    expect(refused.context.credential).toBeUndefined();
    // Confirm with nothing typed says what the field needs.
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'any.required' });
    actor.send({ type: 'passkey.use' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ validUntil: VALID_UNTIL });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('a locked account is said as for the password', async () => {
    const { actor } = startWithPasskey(true, ['ok'], [refusal('account_locked_error')]);
    await waitFor(actor, (s) => s.context.passkeyOffered);
    actor.send({ type: 'passkey.use' });
    const locked = await waitFor(actor, (s) => s.matches({ refused: 'locked' }));
    expect(locked.context.error).toEqual({ code: 'account_locked_error' });
  });
});
