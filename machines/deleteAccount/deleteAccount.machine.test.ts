import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { deleteAccountMachine } from './deleteAccount.machine';

const refusal = (code: string, details?: object) => ({ failure: { code, fieldErrors: [], details } });

function start(answers: Array<object | 'ok'>, twoFactorEnabled = false) {
  const queue = [...answers];
  const remove = vi.fn(async (_input: { confirmation: string }) => {
    const answer = queue.shift();
    if (answer !== 'ok') throw answer;
  });
  const proof = vi.fn(async (_input: object) => ({ validUntil: '2026-11-24T12:10:00.000Z' }));
  const accountDeleted = vi.fn();
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: {
        deleteAccount: fromPromise(({ input }) => remove(input)),
        stepUp: stepUpMachine.provide({ actors: { stepUp: fromPromise(({ input }) => proof(input)) } }),
      },
      actions: { accountDeleted },
    }),
    { input: { email: 'Ada@Example.com', twoFactorEnabled } },
  ).start();
  actor.send({ type: 'panel.open' });
  return { actor, remove, proof, accountDeleted };
}

describe('deleteAccountMachine (docs/decisions/security.md: Deleting an account)', () => {
  it('waits for the account e-mail, in any case, before it can delete', () => {
    const { actor, remove } = start(['ok']);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'field.change', field: 'confirmation', value: 'ada@example.co' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'field.change', field: 'confirmation', value: ' ADA@example.COM ' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
    expect(remove).not.toHaveBeenCalled();
  });

  it('steps up with a code for an account with two-factor, deletes again, and leaves signed out', async () => {
    const { actor, remove, proof, accountDeleted } = start([refusal('step_up_required_error'), 'ok'], true);
    actor.send({ type: 'field.change', field: 'confirmation', value: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    const child = actor.getSnapshot().children.stepUp;
    if (!child) throw new Error('no step-up');
    expect(child.getSnapshot().context.method).toBe('otpCode');
    child.send({ type: 'field.change', field: 'otpCode', value: '123456' });
    child.send({ type: 'form.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.matches('deleted')).toBe(true);
    expect(proof).toHaveBeenCalledWith({ otpCode: '123456' });
    expect(remove.mock.calls).toEqual([
      [{ confirmation: 'ada@example.com' }],
      [{ confirmation: 'ada@example.com' }],
    ]);
    expect(accountDeleted).toHaveBeenCalledTimes(1);
  });

  it('the only admin of places others use: the places listed by kind and name; nothing deleted', async () => {
    const places = [{ kind: 'channel', name: 'Poetry' }];
    const { actor, accountDeleted } = start([refusal('account_sole_admin_error', { places }), 'ok']);
    actor.send({ type: 'field.change', field: 'confirmation', value: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    const refused = await waitFor(actor, (s) => s.matches('soleAdmin'));
    expect(refused.context.places).toEqual(places);
    expect(accountDeleted).not.toHaveBeenCalled();
    // Handed over elsewhere, the same form tries again.
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(actor.getSnapshot().context.places).toEqual([]);
  });

  it('a malformed sole-admin answer lists nothing rather than breaking; a rate limit can be retried', async () => {
    const { actor } = start([
      refusal('account_sole_admin_error', { places: 'x' }),
      refusal('rate_limited_error'),
    ]);
    actor.send({ type: 'field.change', field: 'confirmation', value: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    expect((await waitFor(actor, (s) => s.matches('soleAdmin'))).context.places).toEqual([]);
    actor.send({ type: 'form.submit' });
    const limited = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== undefined);
    expect(limited.context.error?.code).toBe('rate_limited_error');
    expect(limited.can({ type: 'form.submit' })).toBe(true);
  });
});
