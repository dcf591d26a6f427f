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
const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.status === 'done');

describe('magicLinkMachine (spec 2 /me magicLinkToken, spec 8)', () => {
  it('exchanges the token (busy meanwhile), then continues to /me (target null)', async () => {
    const { actor, calls, continueTo } = start({ token: 't1' }, { redirectUrl: null });
    expect(actor.getSnapshot().value).toBe('exchanging');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await settled(actor);
    expect(calls).toEqual([{ token: 't1' }]);
    expect(snapshot.value).toBe('continuing');
    expect(continueTo).toHaveBeenCalledExactlyOnceWith({ target: null });
  });

  it("continues to the link's redirect, unless the server names a redirectUrl", async () => {
    const own = start({ token: 't1', redirect: '/root/me?x=1' }, { redirectUrl: null });
    await settled(own.actor);
    expect(own.continueTo).toHaveBeenCalledExactlyOnceWith({ target: '/root/me?x=1' });
    const server = start(
      { token: 't1', redirect: '/root/me?x=1' },
      { redirectUrl: 'http://a.platform.test' },
    );
    await settled(server.actor);
    expect(server.continueTo).toHaveBeenCalledExactlyOnceWith({ target: 'http://a.platform.test' });
  });

  it.each([
    ['magic_link_invalid_error', { failure: { code: 'magic_link_invalid_error', fieldErrors: [] } }],
    ['unknown_server_error', new Error('network down')],
  ])('on failure (%s) shows the failure and never continues', async (code, reject) => {
    const { actor, continueTo } = start({ token: 't1' }, { reject });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual({ code });
    expect(continueTo).not.toHaveBeenCalled();
  });
});
