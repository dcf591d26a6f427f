import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionsMachine } from './sessions.machine';
import { OTHER_DEVICE, THIS_DEVICE } from './sessions.samples';
import type { DeviceSession } from './sessions.types';

const signedOutFailure = { failure: { code: 'unknown_credential_error', fieldErrors: [] } };

/** A sessions machine over fakes that record every call; `signedOut` is a spy. */
function start(list: DeviceSession[], options: { loadFails?: unknown; endFails?: unknown } = {}) {
  const ended: string[] = [];
  let othersEnded = 0;
  const signedOut = vi.fn();
  const othersSignedOut = vi.fn();
  const machine = sessionsMachine.provide({
    actors: {
      getSessions: fromPromise(async () => {
        if (options.loadFails) throw options.loadFails;
        return list;
      }),
      endSession: fromPromise<void, { id: string }>(async ({ input }) => {
        if (options.endFails) throw options.endFails;
        ended.push(input.id);
      }),
      endOtherSessions: fromPromise(async () => {
        othersEnded += 1;
        return { ended: 1 };
      }),
    },
    actions: { signedOut, othersSignedOut },
  });
  const actor = createActor(machine, { input: { twoFactorEnabled: false } }).start();
  return { actor, ended, signedOut, othersSignedOut, othersEnded: () => othersEnded };
}

describe('sessionsMachine (docs/decisions/security.md: Sessions and devices)', () => {
  it('lists the sessions; signing another out ends that one only and leaves this one alone', async () => {
    const { actor, ended, signedOut } = start([THIS_DEVICE, OTHER_DEVICE]);
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'session.end', id: OTHER_DEVICE.id });
    const alone = await waitFor(actor, (s) => s.matches('alone'));
    expect(ended).toEqual([OTHER_DEVICE.id]);
    expect(alone.context.sessions).toEqual([THIS_DEVICE]);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('signs every other session out only after the confirmation, then tells the owner (the remembered devices went too)', async () => {
    const { actor, othersEnded, othersSignedOut } = start([THIS_DEVICE, OTHER_DEVICE]);
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'others.end' });
    actor.send({ type: 'others.cancel' });
    expect(actor.getSnapshot().value).toBe('listed');
    expect(othersEnded()).toBe(0);
    actor.send({ type: 'others.end' });
    actor.send({ type: 'others.confirm' });
    await waitFor(actor, (s) => s.matches('alone'));
    expect(othersEnded()).toBe(1);
    expect(othersSignedOut).toHaveBeenCalledOnce();
  });

  it('ending this session is signing out', async () => {
    const { actor, ended, signedOut } = start([THIS_DEVICE]);
    await waitFor(actor, (s) => s.matches('alone'));
    actor.send({ type: 'session.end', id: THIS_DEVICE.id });
    await waitFor(actor, (s) => s.status === 'done');
    expect(ended).toEqual([THIS_DEVICE.id]);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('a 401 (the session ended elsewhere) is signing out; another failure keeps its code for a retry', async () => {
    const gone = start([THIS_DEVICE], { loadFails: signedOutFailure });
    await waitFor(gone.actor, (s) => s.status === 'done');
    expect(gone.signedOut).toHaveBeenCalledTimes(1);

    const limited = start([THIS_DEVICE, OTHER_DEVICE], {
      endFails: { failure: { code: 'rate_limited_error', fieldErrors: [] } },
    });
    await waitFor(limited.actor, (s) => s.matches('listed'));
    limited.actor.send({ type: 'session.end', id: OTHER_DEVICE.id });
    const failed = await waitFor(limited.actor, (s) => s.matches('endOneFailed'));
    expect(failed.context.error).toEqual({ code: 'rate_limited_error' });
    limited.actor.send({ type: 'dismiss' });
    expect(limited.actor.getSnapshot().value).toBe('listed');
    expect(limited.actor.getSnapshot().context.sessions).toHaveLength(2);
    expect(limited.signedOut).not.toHaveBeenCalled();
  });
});
