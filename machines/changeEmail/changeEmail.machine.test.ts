import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { resendBy } from '../resend/resend.machine';
import { RESEND_WAIT_MS } from '../resend/resend.rules';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { changeEmailMachine } from './changeEmail.machine';

const refusal = (code: string, fieldErrors: object[] = []) => ({ failure: { code, fieldErrors } });

/** The flow with a fake POST /api/me/email (answers in turn) and the real step-up with a fake step-up call. */
function start(answers: Array<object | 'ok'>, twoFactorEnabled = false, clock?: SimulatedClock) {
  const queue = [...answers];
  const change = vi.fn(async (_input: { email: string }) => {
    const answer = queue.shift();
    if (answer !== 'ok') throw answer;
  });
  const proof = vi.fn(async (_input: object) => ({ validUntil: '2026-11-24T12:10:00.000Z' }));
  const changeEmail = fromPromise<void, { email: string }>(({ input }) => change(input));
  const actor = createActor(
    changeEmailMachine.provide({
      actors: {
        changeEmail,
        resendMail: resendBy(changeEmail),
        stepUp: stepUpMachine.provide({ actors: { stepUp: fromPromise(({ input }) => proof(input)) } }),
      },
    }),
    { input: { currentEmail: 'Ada@Example.com', twoFactorEnabled }, ...(clock ? { clock } : {}) },
  ).start();
  actor.send({ type: 'panel.open' });
  return { actor, change, proof };
}

type Actor = ReturnType<typeof start>['actor'];
const type = (actor: Actor, value: string) => actor.send({ type: 'field.change', field: 'email', value });

describe('changeEmailMachine (docs/decisions/security.md: Changing the e-mail address)', () => {
  it('holds the new address to the e-mail rule and to differing from the current one in any case, before any call', () => {
    const { actor, change } = start(['ok']);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'any.required' });
    type(actor, 'ada.new@');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'string.email' });
    type(actor, ' ada@EXAMPLE.com ');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'string.email.unchanged' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    // Typing again clears the error until the next submit.
    type(actor, 'ada.new@example.com');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(change).not.toHaveBeenCalled();
  });

  it('asks for the step-up when the server wants one, sends the trimmed address again, and names it at the end', async () => {
    const { actor, change, proof } = start([refusal('step_up_required_error'), 'ok'], true);
    type(actor, '  Ada.New@Example.com ');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    const child = actor.getSnapshot().children.stepUp;
    if (!child) throw new Error('no step-up');
    expect(child.getSnapshot().context.method).toBe('otpCode');
    child.send({ type: 'field.change', field: 'otpCode', value: '123 456' });
    child.send({ type: 'form.submit' });
    const sent = await waitFor(actor, (s) => s.matches('sent'));
    expect(proof).toHaveBeenCalledWith({ otpCode: '123456' });
    expect(change.mock.calls).toEqual([
      [{ email: 'Ada.New@Example.com' }],
      [{ email: 'Ada.New@Example.com' }],
    ]);
    expect(sent.context).toMatchObject({
      email: '',
      sentTo: 'Ada.New@Example.com',
      currentEmail: 'Ada@Example.com',
    });
    // Done closes the part; nothing of the request is kept.
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.sentTo).toBe('');
  });

  it('a step-up given up goes back to the form with what was typed; nothing else is sent', async () => {
    const { actor, change } = start([refusal('step_up_required_error')]);
    type(actor, 'ada.new@example.com');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    actor.send({ type: 'stepUp.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.email).toBe('ada.new@example.com');
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('an address another account has stands under the field; a rate limit is a form error that a retry sends again', async () => {
    const { actor, change } = start([
      refusal('email_already_exist_error'),
      refusal('rate_limited_error'),
      'ok',
    ]);
    type(actor, 'taken@example.com');
    actor.send({ type: 'form.submit' });
    const taken = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== undefined);
    expect(taken.context.error).toEqual({ code: 'email_already_exist_error', field: 'email' });
    type(actor, 'free@example.com');
    actor.send({ type: 'form.submit' });
    const limited = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== undefined);
    expect(limited.context.error).toEqual({ code: 'rate_limited_error' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(change).toHaveBeenCalledTimes(3);
  });

  it("the server's field error on the address stands under the field, not as a generic failure", async () => {
    const { actor } = start([
      refusal('unknown_server_error', [{ field: 'email', code: 'string.max', message: 'string.max' }]),
    ]);
    type(actor, 'ada.new@example.com');
    actor.send({ type: 'form.submit' });
    const refused = await waitFor(
      actor,
      (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0,
    );
    expect(refused.context.fieldErrors).toEqual({ email: 'string.max' });
    expect(refused.context.error).toBeUndefined();
  });

  it('Cancel forgets what was typed', () => {
    const { actor } = start([]);
    type(actor, 'ada.new@example.com');
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.email).toBe('');
  });

  it("'Send again' waits, then sends the same address again; a step-up run out meanwhile is asked for again (docs/decisions/product.md: Check your e-mail)", async () => {
    const clock = new SimulatedClock();
    const { actor, change, proof } = start(
      ['ok', 'ok', refusal('step_up_required_error'), 'ok', refusal('rate_limited_error')],
      false,
      clock,
    );
    type(actor, ' ada.new@example.com ');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ sent: 'waiting' }));
    // 'Send again' is the resend child (machines/resend), started anew after each step-up.
    const resend = () => {
      const child = actor.getSnapshot().children.resendMail;
      if (!child) throw new Error('no resend child');
      return child;
    };
    // The button does nothing during the wait.
    resend().send({ type: 'mail.resend' });
    expect(change).toHaveBeenCalledTimes(1);
    clock.increment(RESEND_WAIT_MS);
    resend().send({ type: 'mail.resend' });
    const resent = await waitFor(resend(), (s) => s.matches('cooling') && s.context.resent);
    expect(resent.context.error).toBeUndefined();
    // The server's step-up window ran out: the step-up, then the same request once more.
    clock.increment(RESEND_WAIT_MS);
    resend().send({ type: 'mail.resend' });
    await waitFor(actor, (s) => s.matches({ sent: 'steppingUp' }));
    const child = actor.getSnapshot().children.stepUp;
    if (!child) throw new Error('no step-up');
    child.send({ type: 'field.change', field: 'password', value: 'secret' });
    child.send({ type: 'form.submit' });
    await waitFor(
      actor,
      (s) => s.matches({ sent: 'resendingAfterStepUp' }) && change.mock.calls.length === 4,
    );
    await waitFor(resend(), (s) => s.matches('cooling') && s.context.resent);
    expect(proof).toHaveBeenCalledTimes(1);
    // A refusal is said above the button; the wait starts again.
    clock.increment(RESEND_WAIT_MS);
    resend().send({ type: 'mail.resend' });
    const limited = await waitFor(resend(), (s) => s.matches('cooling') && !s.context.resent);
    expect(limited.context.error).toEqual({ code: 'rate_limited_error' });
    expect(change.mock.calls.map(([input]) => input)).toEqual(
      Array(5).fill({ email: 'ada.new@example.com' }),
    );
    // Done forgets it all.
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().context).toMatchObject({ sentTo: '', error: undefined });
    expect(actor.getSnapshot().children.resendMail).toBeUndefined();
  });

  it("a step-up given up on 'Send again' goes back to the page, ready to send; nothing is sent", async () => {
    const clock = new SimulatedClock();
    const { actor, change } = start(['ok', refusal('step_up_required_error')], false, clock);
    type(actor, 'ada.new@example.com');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ sent: 'waiting' }));
    clock.increment(RESEND_WAIT_MS);
    actor.getSnapshot().children.resendMail?.send({ type: 'mail.resend' });
    await waitFor(actor, (s) => s.matches({ sent: 'steppingUp' }));
    actor.send({ type: 'stepUp.cancel' });
    expect(actor.getSnapshot().matches({ sent: 'backFromStepUp' })).toBe(true);
    expect(actor.getSnapshot().children.resendMail?.getSnapshot().value).toBe('ready');
    expect(change).toHaveBeenCalledTimes(2);
  });
});
