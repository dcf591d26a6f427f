import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConfirmEmailInput, ConfirmResult } from '../../api/contract/registration';
import { confirmEmailMachine } from './confirmEmail.machine';
import { confirmationMessageOf } from './confirmEmail.rules';

/** A confirmation machine whose confirmEmail answers `answer` (or rejects with it), with every call recorded. */
function start(token: string | undefined, answer: ConfirmResult | { reject: unknown }) {
  const calls: ConfirmEmailInput[] = [];
  const confirmEmail = fromPromise<ConfirmResult, ConfirmEmailInput>(async ({ input }) => {
    calls.push(input);
    if ('reject' in answer) throw answer.reject;
    return answer;
  });
  const actor = createActor(confirmEmailMachine.provide({ actors: { confirmEmail } }), {
    input: { token },
  }).start();
  return { actor, calls };
}
const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.status === 'done');

describe('confirmEmailMachine (spec 2 Confirm, 4 Confirm by token, 8)', () => {
  it.each([
    ['no token', undefined],
    ['a blank token', '   '],
  ])('with %s: the error page with unknown error, and no call', async (_, token) => {
    const { actor, calls } = start(token, { boardingMethod: 'email', organisationSubdomain: null });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual({ code: 'unknown_server_error' });
    expect(calls).toEqual([]);
  });

  it('confirms the token on load (loading while it runs), then the success page with its message', async () => {
    const { actor, calls } = start(' abc ', { boardingMethod: 'companyId', organisationSubdomain: 'lit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await settled(actor);
    expect(calls).toEqual([{ token: 'abc' }]);
    expect(snapshot.value).toBe('confirmed');
    expect(snapshot.context.message).toBe('lit');
    expect(snapshot.hasTag('busy')).toBe(false);
  });

  it.each([
    [
      'user_confirm_token_invalid_error',
      { failure: { code: 'user_confirm_token_invalid_error', fieldErrors: [] } },
    ],
    ['unknown_server_error', new Error('network down')],
  ])('on a failure keeps its code %s for the error page', async (code, reject) => {
    const { actor } = start('abc', { reject });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context).toMatchObject({ error: { code }, message: undefined });
  });
});

describe('confirmationMessageOf (spec 2 Confirm: the message by boarding method and organisation)', () => {
  it.each([
    ['email', 'lit', 'email'],
    ['email', null, 'email'],
    ['companyId', 'lit', 'lit'],
    ['companyId', 'Unicef_For_Every_Child', 'unicef_for_every_child'],
    ['companyId', 'acme', 'companyDefault'],
    ['companyId', null, 'companyDefault'],
  ] as const)('%s with %s: %s', (boardingMethod, organisationSubdomain, message) => {
    expect(confirmationMessageOf({ boardingMethod, organisationSubdomain })).toBe(message);
  });
});
