import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { resendBy } from './resend.machine';
import { RESEND_WAIT_MS } from './resend.rules';

const REQUEST = { email: 'ada@example.com' };

function start(answers: Array<'ok' | unknown>) {
  const requests: Array<{ email: string }> = [];
  const sendMail = fromPromise<void, { email: string }>(async ({ input }) => {
    const answer = answers[requests.length];
    requests.push(input);
    if (answer !== 'ok') throw answer;
  });
  const clock = new SimulatedClock();
  const actor = createActor(resendBy(sendMail), { clock, input: { request: REQUEST } }).start();
  return { actor, clock, calls: () => requests.length, requests };
}
type Actor = ReturnType<typeof start>['actor'];
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('resendMachine (docs/decisions/product.md Check your e-mail)', () => {
  it("waits 60 s from the start (its parent starts it right after a mail), then 'Send again' sends the parent's request once", async () => {
    const { actor, clock, calls, requests } = start(['ok']);
    expect(RESEND_WAIT_MS).toBe(60_000);
    expect(actor.getSnapshot().value).toBe('cooling');
    actor.send({ type: 'mail.resend' });
    clock.increment(RESEND_WAIT_MS - 1);
    actor.send({ type: 'mail.resend' });
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(calls()).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'mail.resend' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(actor);
    expect(calls()).toBe(1);
    expect(requests).toEqual([REQUEST]);
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context).toEqual({
      request: REQUEST,
      from: 'cooling',
      error: undefined,
      resent: true,
    });
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
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context).toEqual({
      request: REQUEST,
      from: 'cooling',
      error: { code: 'rate_limited_error' },
      resent: false,
    });
    actor.send({ type: 'mail.resend' });
    expect(calls()).toBe(2);
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'mail.resend' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await settle(actor);
    expect(actor.getSnapshot().context).toEqual({
      request: REQUEST,
      from: 'cooling',
      error: undefined,
      resent: true,
    });
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

describe('resendBy', () => {
  it('an unprovided child refuses to send rather than pretend it did', async () => {
    const { resendMachine } = await import('./resend.machine');
    const clock = new SimulatedClock();
    const actor = createActor(resendMachine, { clock, input: { request: REQUEST } }).start();
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'mail.resend' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: { code: 'unknown_server_error' },
      resent: false,
    });
  });
});
