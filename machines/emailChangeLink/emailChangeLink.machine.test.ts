import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emailChangeLinkMachine } from './emailChangeLink.machine';

/**
 * A link machine whose call answers `answer` (or rejects with it), every call recorded; its button pressed unless
 * `press` is false.
 */
function start(token: string | undefined, answer: { email: string } | { reject: unknown }, press = true) {
  const calls: { token: string }[] = [];
  const useLink = fromPromise<{ email: string }, { token: string }>(async ({ input }) => {
    calls.push(input);
    if ('reject' in answer) throw answer.reject;
    return answer;
  });
  const actor = createActor(emailChangeLinkMachine.provide({ actors: { useLink } }), {
    input: { kind: 'confirm', token },
  }).start();
  if (press) actor.send({ type: 'form.submit' });
  return { actor, calls };
}
const refusal = (code: string) => ({ failure: { code, fieldErrors: [] } });

describe('emailChangeLinkMachine (docs/decisions/security.md: Changing the e-mail address)', () => {
  it('uses nothing when the link is opened, only once its button is pressed (docs/decisions/security.md: Mailed links wait for a click)', async () => {
    const { actor, calls } = start('abc', { email: 'new@example.com' }, false);
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(calls).toEqual([]);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ token: 'abc' }]);
  });

  it('uses the trimmed token once pressed and shows the address the account has now', async () => {
    const { actor, calls } = start(' abc ', { email: 'new@example.com' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ token: 'abc' }]);
    expect(done.value).toBe('done');
    expect(done.context.email).toBe('new@example.com');
  });

  it('without a token: refused as an invalid link, and no call', async () => {
    const { actor, calls } = start('  ', { email: 'x@example.com' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('refused');
    expect(snapshot.context.error).toEqual({ code: 'email_change_token_invalid_error' });
    expect(calls).toEqual([]);
  });

  it('a used link or a taken address is final; a rate limit offers a retry that calls again', async () => {
    const used = start('abc', { reject: refusal('email_change_token_invalid_error') });
    expect((await waitFor(used.actor, (s) => s.status === 'done')).value).toBe('refused');
    const taken = start('abc', { reject: refusal('email_already_exist_error') });
    expect((await waitFor(taken.actor, (s) => s.status === 'done')).value).toBe('refused');

    const limited = start('abc', { reject: refusal('rate_limited_error') });
    await waitFor(limited.actor, (s) => s.matches('failed'));
    limited.actor.send({ type: 'retry' });
    await waitFor(limited.actor, (s) => s.matches('failed'));
    expect(limited.calls).toHaveLength(2);
  });
});
