import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { RESEND_WAIT_MS } from '../form/resend';
import { resendConfirmationMachine } from './resendConfirmation.machine';

function start(answers: Array<'ok' | unknown>) {
  let calls = 0;
  const resendConfirmation = fromPromise<void>(async () => {
    const answer = answers[calls];
    calls += 1;
    if (answer !== 'ok') throw answer;
  });
  const clock = new SimulatedClock();
  const actor = createActor(resendConfirmationMachine.provide({ actors: { resendConfirmation } }), {
    clock,
  }).start();
  return { actor, clock, calls: () => calls };
}
type Actor = ReturnType<typeof start>['actor'];
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('resendConfirmationMachine (spec 2 Me page banner; docs/decisions/product.md Check your e-mail)', () => {
  it("waits 60 s from the start (the banner most often shows right after a mail), then 'Send again' sends once", async () => {
    const { actor, clock, calls } = start(['ok']);
    expect(RESEND_WAIT_MS).toBe(60_000);
    expect(actor.getSnapshot().value).toBe('waitingToResend');
    actor.send({ type: 'mail.resend' });
    clock.increment(RESEND_WAIT_MS - 1);
    actor.send({ type: 'mail.resend' });
    expect(actor.getSnapshot().value).toBe('waitingToResend');
    expect(calls()).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('canResend');
    actor.send({ type: 'mail.resend' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(actor);
    expect(calls()).toBe(1);
    expect(actor.getSnapshot().value).toBe('waitingToResend');
    expect(actor.getSnapshot().context).toEqual({ error: undefined, resent: true });
  });

  it('waits again after each mail, and after a refusal, which it keeps as a Refusal until the next try', async () => {
    const limited = { failure: { code: 'rate_limited_error', fieldErrors: [] } };
    const { actor, clock, calls } = start(['ok', limited, 'ok']);
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'mail.resend' });
    await settle(actor);
    actor.send({ type: 'mail.resend' });
    expect(calls()).toBe(1);
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'mail.resend' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('waitingToResend');
    expect(actor.getSnapshot().context).toEqual({ error: { code: 'rate_limited_error' }, resent: false });
    actor.send({ type: 'mail.resend' });
    expect(calls()).toBe(2);
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'mail.resend' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await settle(actor);
    expect(actor.getSnapshot().context).toEqual({ error: undefined, resent: true });
    expect(calls()).toBe(3);
  });

  it('reads a failure without a code as unknown_server_error', async () => {
    const { actor, clock } = start([new Error('network down')]);
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'mail.resend' });
    await settle(actor);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown_server_error' });
  });
});
