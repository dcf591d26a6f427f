import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResult, MagicLinkInput } from '../../api/contract/auth';
import { magicLinkMachine } from './magicLink.machine';

function start(input: { token: string; redirect?: string }, answer: LoginResult | { reject: unknown }) {
  const calls: MagicLinkInput[] = [];
  const exchangeMagicLink = fromPromise<LoginResult, MagicLinkInput>(async ({ input: callInput }) => {
    calls.push(callInput);
    if ('reject' in answer) throw answer.reject;
    return answer;
  });
  const continueTo = vi.fn();
  const machine = magicLinkMachine.provide({
    actors: { exchangeMagicLink },
    actions: { continueTo: (_, params) => continueTo(params) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, continueTo };
}
/** The person presses 'Sign in'. */
const press = (actor: ReturnType<typeof start>['actor']) => actor.send({ type: 'form.submit' });
const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.status === 'done');

describe('magicLinkMachine (spec 2 /me magicLinkToken, spec 8)', () => {
  it('uses nothing until Sign in is pressed (a scanner that opens the link leaves it working)', async () => {
    const { actor, calls, continueTo } = start({ token: 't1' }, { redirectUrl: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(calls).toEqual([]);
    expect(continueTo).not.toHaveBeenCalled();
  });

  it('exchanges the token once pressed (busy meanwhile), then continues to /me (target null)', async () => {
    const { actor, calls, continueTo } = start({ token: 't1' }, { redirectUrl: null });
    press(actor);
    expect(actor.getSnapshot().value).toBe('exchanging');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await settled(actor);
    expect(calls).toEqual([{ token: 't1' }]);
    expect(snapshot.value).toBe('continuing');
    expect(continueTo).toHaveBeenCalledExactlyOnceWith({ target: null });
  });

  it("continues to the link's redirect, unless the server names a redirectUrl", async () => {
    const own = start({ token: 't1', redirect: '/root/me?x=1' }, { redirectUrl: null });
    press(own.actor);
    await settled(own.actor);
    expect(own.continueTo).toHaveBeenCalledExactlyOnceWith({ target: '/root/me?x=1' });
    const server = start(
      { token: 't1', redirect: '/root/me?x=1' },
      { redirectUrl: 'http://a.platform.test' },
    );
    press(server.actor);
    await settled(server.actor);
    expect(server.continueTo).toHaveBeenCalledExactlyOnceWith({ target: 'http://a.platform.test' });
  });

  it('a used or expired link ends on its page and never continues', async () => {
    const { actor, continueTo } = start(
      { token: 't1' },
      { reject: { failure: { code: 'magic_link_invalid_error', fieldErrors: [] } } },
    );
    press(actor);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual({ code: 'magic_link_invalid_error' });
    expect(continueTo).not.toHaveBeenCalled();
  });

  it.each([
    ['rate_limited_error', { failure: { code: 'rate_limited_error', fieldErrors: [] } }],
    ['unknown_server_error', new Error('network down')],
  ])('any other failure (%s) is said on the button, which tries again', async (code, reject) => {
    const { actor, calls, continueTo } = start({ token: 't1' }, { reject });
    press(actor);
    const refused = await waitFor(actor, (s) => s.matches('asking') && s.context.error !== undefined);
    expect(refused.context.error).toEqual({ code });
    expect(continueTo).not.toHaveBeenCalled();
    press(actor);
    expect(actor.getSnapshot().value).toBe('exchanging');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await waitFor(actor, (s) => s.matches('asking') && s.context.error !== undefined);
    expect(calls).toEqual([{ token: 't1' }, { token: 't1' }]);
  });
});
