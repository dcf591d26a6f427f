import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResetTokenInput, SetNewPasswordInput } from '../../api/contract/auth';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { setPasswordMachine } from './setPassword.machine';

type Answer = 'ok' | { reject: unknown };
const refusal = (code: ErrorCode, fieldErrors: { field: string; code: string; message: string }[] = []) => ({
  failure: { code, fieldErrors },
});

/** A machine whose two calls answer from scripts, recording what they were called with. */
function start(token: string | undefined, checks: Answer[], submits: Answer[] = []) {
  const calls: { check: ResetTokenInput[]; submit: SetNewPasswordInput[] } = { check: [], submit: [] };
  const answer = async (script: Answer[]) => {
    const next = script.shift();
    if (next === undefined) throw new Error('unexpected call');
    if (next !== 'ok') throw next.reject;
  };
  const reviews: string[] = [];
  const machine = setPasswordMachine.provide({
    actors: {
      checkResetToken: fromPromise<void, ResetTokenInput>(({ input }) => {
        calls.check.push(input);
        return answer(checks);
      }),
      setNewPassword: fromPromise<{ reviewToken: string }, SetNewPasswordInput>(async ({ input }) => {
        calls.submit.push(input);
        await answer(submits);
        return { reviewToken: 'review-token' };
      }),
      // The review stands in as a call that ends it as Done would (machines/recoveryReview tests the review).
      recoveryReview: fromPromise<{ expired: boolean }, { token: string }>(async ({ input }) => {
        reviews.push(input.token);
        return { expired: false };
      }) as never,
    },
  });
  const actor = createActor(machine, { input: token === undefined ? undefined : { token } }).start();
  return { actor, calls, reviews };
}
type Actor = ReturnType<typeof start>['actor'];
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));
const typePassword = (actor: Actor, value: string) =>
  actor.send({ type: 'field.change', field: 'newPassword', value });

describe('setPasswordMachine: the token (spec 2 Set new password, spec 4 Set password, spec 8)', () => {
  it.each([undefined, '', '   '])('token %j: the invalid page before any call', async (token) => {
    const { actor, calls } = start(token, []);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('invalidToken');
    expect(calls.check).toEqual([]);
  });

  it('checks the token first (busy), then the form', async () => {
    const { actor, calls } = start('abc', ['ok']);
    expect(actor.getSnapshot().value).toBe('checkingToken');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(actor);
    expect(calls.check).toEqual([{ token: 'abc' }]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it.each([
    ['forgot_password_token_invalid_error', refusal('forgot_password_token_invalid_error')],
    ['unknown_server_error', refusal('unknown_server_error')],
    ['a bare error', new Error('offline')],
  ])('a check failing with %s: the invalid page', async (_name, reject) => {
    const { actor } = start('abc', [{ reject }]);
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('invalidToken');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('setPasswordMachine: the new password (spec 5: required, min 6)', () => {
  it('refuses empty and short passwords without calling the server', async () => {
    const { actor, calls } = start('abc', ['ok']);
    await settle(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: 'any.required' });
    typePassword(actor, '12345');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: 'string.min' });
    expect(calls.submit).toEqual([]);
  });

  it('sends token and password, busy meanwhile, then the recovery review with its token, then the success page (password forgotten)', async () => {
    const { actor, calls, reviews } = start('abc', ['ok'], ['ok']);
    await settle(actor);
    typePassword(actor, '123456');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls.submit).toEqual([{ token: 'abc', newPassword: '123456' }]);
    expect(reviews).toEqual(['review-token']);
    expect(actor.getSnapshot().context).toMatchObject({
      newPassword: '',
      reviewToken: '',
      reviewExpired: false,
    });
  });

  it('a submit refused for the token: the invalid page', async () => {
    const { actor } = start('abc', ['ok'], [{ reject: refusal('forgot_password_token_invalid_error') }]);
    await settle(actor);
    typePassword(actor, '123456');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('invalidToken');
  });

  it('other refusals: a form error, or a field error under the password; then retry works', async () => {
    const { actor, calls } = start(
      'abc',
      ['ok'],
      [
        { reject: refusal('rate_limited_error') },
        {
          reject: refusal('unknown_server_error', [
            { field: 'newPassword', code: 'string.min', message: 'x' },
          ]),
        },
        'ok',
      ],
    );
    await settle(actor);
    typePassword(actor, '123456');
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      error: { code: 'rate_limited_error' },
      fieldErrors: {},
    });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      error: undefined,
      fieldErrors: { newPassword: 'string.min' },
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls.submit).toHaveLength(3);
  });
});
