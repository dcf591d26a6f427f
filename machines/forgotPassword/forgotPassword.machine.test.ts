import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ForgotPasswordInput } from '../../api/contract/auth';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { resendBy } from '../resend/resend.machine';
import { forgotPasswordMachine } from './forgotPassword.machine';
import { isForgotPasswordPath, variantOfPath } from './forgotPassword.rules';
import type { ForgotPasswordVariant } from './forgotPassword.types';

const refusal = (code: ErrorCode, fieldErrors: { field: string; code: string; message: string }[] = []) => ({
  failure: { code, fieldErrors },
});

/** A machine whose forgotPassword answers from a script (one answer per call). */
function start(answers: ({ reject: unknown } | 'ok' | 'never')[], variant: ForgotPasswordVariant = 'link') {
  const calls: ForgotPasswordInput[] = [];
  const forgotPassword = fromPromise<void, ForgotPasswordInput>(async ({ input }) => {
    calls.push(input);
    const answer = answers.shift();
    if (answer === 'never') return new Promise<void>(() => {});
    if (answer === undefined) throw new Error('unexpected call');
    if (answer !== 'ok') throw answer.reject;
  });
  const actor = createActor(forgotPasswordMachine.provide({ actors: { forgotPassword } }), {
    input: { variant },
  }).start();
  return { actor, calls };
}
type Actor = ReturnType<typeof start>['actor'];
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));
const typeEmail = (actor: Actor, value: string) =>
  actor.send({ type: 'field.change', field: 'email', value });

describe('isForgotPasswordPath / variantOfPath (spec 4 Forgot password)', () => {
  it.each([
    ['/forgot_password', 'link'],
    ['/root/forgot_password', 'link'],
    ['/forgot_password_magic/', 'magicLink'],
    ['/auth/forgot_password/nobrand', 'link'],
    ['/root/auth/forgot_password_magic/nobrand', 'magicLink'],
  ])('%s is a forgot-password page (%s)', (path, variant) => {
    expect(isForgotPasswordPath(path)).toBe(true);
    expect(variantOfPath(path)).toBe(variant);
  });
  it.each(['/login', '/forgot_password_set', '/root/me', '/forgot_passwordx'])('%s is not', (path) => {
    expect(isForgotPasswordPath(path)).toBe(false);
  });
});

describe('forgotPasswordMachine (spec 2 and 4 Forgot password, spec 5, spec 8)', () => {
  it('refuses an empty or malformed e-mail without calling the server', () => {
    const { actor, calls } = start([]);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'any.required' });
    typeEmail(actor, 'not-an-e-mail');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'string.email' });
    expect(calls).toEqual([]);
  });

  it.each([
    ['link', { email: 'ada@example.com' }],
    ['magicLink', { email: 'ada@example.com', magicLink: true }],
  ] as const)('%s variant: sends %j (trimmed), busy meanwhile, then the confirmation', async (variant, sent) => {
    const { actor, calls } = start(['ok'], variant);
    typeEmail(actor, ' ada@example.com ');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    await settle(actor);
    expect(calls).toEqual([sent]);
    expect(actor.getSnapshot().value).toBe('succeeded');
  });

  it.each([
    ['email_not_found_error', { code: 'email_not_found_error', field: 'email' }],
    ['rate_limited_error', { code: 'rate_limited_error' }],
    ['unknown_server_error', { code: 'unknown_server_error' }],
  ] as const)('%s: shown as %j, and the form can be sent again', async (code, error) => {
    const { actor, calls } = start([{ reject: refusal(code) }, 'ok']);
    typeEmail(actor, 'ada@example.com');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(error);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('succeeded');
  });

  it('a server field error on the e-mail goes under the field; any other rejection is unknown', async () => {
    const { actor } = start([
      { reject: refusal('unknown_server_error', [{ field: 'email', code: 'string.email', message: 'x' }]) },
      { reject: new Error('network down') },
    ]);
    typeEmail(actor, 'ada@example.com');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { email: 'string.email' },
      error: undefined,
    });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown_server_error' });
  });

  it('spec 4: a route change ends loading (the call is dropped) and clears the e-mail off the forgot pages', async () => {
    const { actor } = start(['never']);
    typeEmail(actor, 'ada@example.com');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'route.change', path: '/root/login' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.email).toBe('');
  });

  it('spec 4: to the other forgot-password page: success and errors reset, e-mail kept, that variant shown', async () => {
    const { actor } = start([{ reject: refusal('rate_limited_error') }, 'ok']);
    typeEmail(actor, 'ada@example.com');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    actor.send({ type: 'route.change', path: '/auth/forgot_password_magic/nobrand' });
    expect(actor.getSnapshot().context).toEqual({
      variant: 'magicLink',
      email: 'ada@example.com',
      fieldErrors: {},
      error: undefined,
    });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('succeeded');
    actor.send({ type: 'route.change', path: '/forgot_password' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ variant: 'link', email: 'ada@example.com' });
  });

  it("docs/decisions/product.md Check your e-mail: 'Send again' only after 60 s, then the same request; the mail limit is kept as its code", async () => {
    const clock = new SimulatedClock();
    const calls: ForgotPasswordInput[] = [];
    const answers: unknown[] = [undefined, undefined, refusal('rate_limited_error')];
    const forgotPassword = fromPromise<void, ForgotPasswordInput>(async ({ input }) => {
      calls.push(input);
      const answer = answers.shift();
      if (answer) throw answer;
    });
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { forgotPassword, resendMail: resendBy(forgotPassword) } }),
      { input: { variant: 'magicLink', email: ' ada@example.com ' }, clock },
    ).start();
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('succeeded');
    // The resend child (machines/resend) holds the wait and the same request.
    const resend = actor.getSnapshot().children.resendMail;
    if (!resend) throw new Error('no resend child on the confirmation');
    const settleResend = () => waitFor(resend, (s) => !s.hasTag('busy'));
    expect(resend.getSnapshot().can({ type: 'mail.resend' })).toBe(false);
    clock.increment(59_999);
    expect(resend.getSnapshot().can({ type: 'mail.resend' })).toBe(false);
    clock.increment(1);
    expect(resend.getSnapshot().value).toBe('ready');
    resend.send({ type: 'mail.resend' });
    await settleResend();
    expect(resend.getSnapshot().value).toBe('cooling');
    expect(resend.getSnapshot().context.resent).toBe(true);
    clock.increment(60_000);
    resend.send({ type: 'mail.resend' });
    await settleResend();
    expect(resend.getSnapshot().context).toMatchObject({
      error: { code: 'rate_limited_error' },
      resent: false,
    });
    expect(calls).toEqual([
      { email: 'ada@example.com', magicLink: true },
      { email: 'ada@example.com', magicLink: true },
      { email: 'ada@example.com', magicLink: true },
    ]);
  });

  it('the default slot rejects: an unknown_server_error form error', async () => {
    const actor = createActor(forgotPasswordMachine, { input: { variant: 'link' } }).start();
    typeEmail(actor, 'ada@example.com');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown_server_error' });
  });
});
