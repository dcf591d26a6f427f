import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { rememberedDevicesMachine } from './rememberedDevices.machine';
import { OTHER_BROWSER, THIS_BROWSER } from './rememberedDevices.samples';

const failure = (code: string) => ({ failure: { code, fieldErrors: [] } });

/** A remembered devices machine over fakes that record every forget; `signedOut` is a spy. */
function start(forgetFails: unknown[] = []) {
  const forgotten: string[] = [];
  const signedOut = vi.fn();
  const machine = rememberedDevicesMachine.provide({
    actors: {
      getRememberedDevices: fromPromise(async () => [THIS_BROWSER, OTHER_BROWSER]),
      forgetRememberedDevice: fromPromise<void, { id: string }>(async ({ input }) => {
        const fails = forgetFails.shift();
        if (fails) throw fails;
        forgotten.push(input.id);
      }),
    },
    actions: { signedOut },
  });
  return { actor: createActor(machine).start(), forgotten, signedOut };
}

describe('rememberedDevicesMachine (docs/decisions/security.md: Remember this device)', () => {
  it('forgets the chosen device only, with its reference, and shows the word when none is left', async () => {
    const { actor, forgotten } = start();
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'device.forget', id: OTHER_BROWSER.id });
    const listed = await waitFor(actor, (s) => s.matches('listed'));
    expect(forgotten).toEqual([OTHER_BROWSER.id]);
    expect(listed.context.devices).toEqual([THIS_BROWSER]);
    actor.send({ type: 'device.forget', id: THIS_BROWSER.id });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(forgotten).toEqual([OTHER_BROWSER.id, THIS_BROWSER.id]);
  });

  it('drops a device the server no longer has, keeps one whose forget failed until it is retried', async () => {
    const { actor, forgotten } = start([
      failure('remembered_device_not_found_error'),
      failure('rate_limited_error'),
    ]);
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'device.forget', id: OTHER_BROWSER.id });
    expect((await waitFor(actor, (s) => s.matches('listed'))).context.devices).toEqual([THIS_BROWSER]);
    actor.send({ type: 'device.forget', id: THIS_BROWSER.id });
    const failed = await waitFor(actor, (s) => s.matches('forgetFailed'));
    expect(failed.context.devices).toEqual([THIS_BROWSER]);
    expect(failed.context.error?.code).toBe('rate_limited_error');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(forgotten).toEqual([THIS_BROWSER.id]);
  });

  it('goes to the login page when the session has ended', async () => {
    const { actor, signedOut } = start([failure('unknown_credential_error')]);
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'device.forget', id: OTHER_BROWSER.id });
    await waitFor(actor, (s) => s.status === 'done');
    expect(signedOut).toHaveBeenCalledOnce();
  });
});
