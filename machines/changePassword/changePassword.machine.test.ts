import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { changePasswordMachine } from './changePassword.machine';

const refusal = (code: string) => ({ failure: { code, fieldErrors: [] } });

/** The flow with a fake POST /api/me/password (answers in turn) and the real step-up with a fake step-up call. */
function start(answers: Array<object | 'ok'>) {
  const queue = [...answers];
  const change = vi.fn(async (_input: { newPassword: string }) => {
    const answer = queue.shift();
    if (answer !== 'ok') throw answer;
  });
  const proof = vi.fn(async (_input: object) => ({ validUntil: '2026-11-24T12:10:00.000Z' }));
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }) => change(input)),
        stepUp: stepUpMachine.provide({ actors: { stepUp: fromPromise(({ input }) => proof(input)) } }),
      },
    }),
    { input: { twoFactorEnabled: false } },
  ).start();
  actor.send({ type: 'panel.open' });
  return { actor, change, proof };
}

const fill = (actor: ReturnType<typeof start>['actor'], password: string, again = password) => {
  actor.send({ type: 'field.change', field: 'newPassword', value: password });
  actor.send({ type: 'field.change', field: 'confirmation', value: again });
};

describe('changePasswordMachine (docs/decisions/security.md: Changing the password)', () => {
  it('holds the new password to the sign-up rules and the confirmation to it, before any call', () => {
    const { actor, change } = start(['ok']);
    fill(actor, 'abcd');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: 'string.min' });
    fill(actor, 'correct horse', 'correct horsE');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmation: 'any.only' });
    expect(change).not.toHaveBeenCalled();
  });

  it('asks for the step-up when the server wants one, then sends the change again and forgets it', async () => {
    const { actor, change, proof } = start([refusal('step_up_required_error'), 'ok']);
    fill(actor, 'correct horse');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    const child = actor.getSnapshot().children.stepUp;
    if (!child) throw new Error('no step-up');
    child.send({ type: 'field.change', field: 'password', value: 'old one' });
    child.send({ type: 'form.submit' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(proof).toHaveBeenCalledWith({ password: 'old one' });
    expect(change.mock.calls).toEqual([
      [{ newPassword: 'correct horse' }],
      [{ newPassword: 'correct horse' }],
    ]);
    expect(done.context).toMatchObject({ newPassword: '', confirmation: '' });
  });

  it('a step-up given up goes back to the form with what was typed; nothing else is sent', async () => {
    const { actor, change } = start([refusal('step_up_required_error')]);
    fill(actor, 'correct horse');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    actor.send({ type: 'stepUp.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.newPassword).toBe('correct horse');
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('another refusal stays on the form as its spec 8 code; a retry sends it again', async () => {
    const { actor, change } = start([refusal('rate_limited_error'), 'ok']);
    fill(actor, 'correct horse');
    actor.send({ type: 'form.submit' });
    const refused = await waitFor(actor, (s) => s.context.error !== undefined);
    expect(refused.matches('editing')).toBe(true);
    expect(refused.context.error?.code).toBe('rate_limited_error');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(change).toHaveBeenCalledTimes(2);
  });
});
