import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resendConfirmationMachine } from './resendConfirmation.machine';

function start(answers: Array<'ok' | unknown>) {
  let calls = 0;
  const resendConfirmation = fromPromise<void>(async () => {
    const answer = answers[calls];
    calls += 1;
    if (answer !== 'ok') throw answer;
  });
  const actor = createActor(resendConfirmationMachine.provide({ actors: { resendConfirmation } })).start();
  return { actor, calls: () => calls };
}

describe('resendConfirmationMachine (spec 2 Me page banner, spec 8)', () => {
  it('sends nothing until asked, then sends once (busy meanwhile) and ends sent', async () => {
    const { actor, calls } = start(['ok']);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls()).toBe(0);
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('sent');
    expect(calls()).toBe(1);
  });

  it('keeps the spec 8 code of a failure, and clears it when asked again', async () => {
    const limited = { failure: { code: 'rate_limited_error', fieldErrors: [] } };
    const { actor, calls } = start([limited, 'ok']);
    actor.send({ type: 'RESEND' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('rate_limited_error');
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls()).toBe(2);
  });

  it('reads a failure without a code as unknown_server_error', async () => {
    const { actor } = start([new Error('network down')]);
    actor.send({ type: 'RESEND' });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.error).toBe('unknown_server_error');
  });
});
