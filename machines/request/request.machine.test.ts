import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiFailure } from '../../api/contract/errorCodes';
import { requestMachine } from './request.machine';

/** An ApiError look-alike: machines only read `.failure` (failureOf), so the class itself does not matter. */
const failing = (failure: ApiFailure) => Object.assign(new Error(failure.code), { failure });

/** Answers each call with the next outcome of the script and records the params it was called with. */
function scripted(...outcomes: Array<{ ok: unknown } | { fail: unknown }>) {
  const calls: unknown[] = [];
  const request = fromPromise<unknown, unknown>(async ({ input }) => {
    calls.push(input);
    const outcome = outcomes.shift();
    if (!outcome) throw new Error('no more scripted outcomes');
    if ('fail' in outcome) throw outcome.fail;
    return outcome.ok;
  });
  const actor = createActor(requestMachine.provide({ actors: { request } })).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof scripted>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('requestMachine (spec 4 Generic request)', () => {
  it('waits in idle until started', () => {
    const { actor, calls } = scripted({ ok: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('is pending (busy) while the call runs, with the start params as the call input', () => {
    const { actor, calls } = scripted({ ok: 1 });
    actor.send({ type: 'request.start', params: { token: 'abc' } });
    expect(actor.getSnapshot().value).toBe('pending');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls).toEqual([{ token: 'abc' }]);
  });

  it('stores the answer when loaded', async () => {
    const { actor } = scripted({ ok: { name: 'Ada' } });
    actor.send({ type: 'request.start' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.data).toEqual({ name: 'Ada' });
    expect(snapshot.context.error).toBeUndefined();
  });

  it('stores the catalogue code of a rejection', async () => {
    const { actor } = scripted({ fail: failing({ code: 'email_not_found_error', fieldErrors: [] }) });
    actor.send({ type: 'request.start' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('rejected');
    expect(snapshot.context.error).toBe('email_not_found_error');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a plain Error', new Error('network down')],
  ])('stores unknown_server_error for a rejection without payload (%s)', async (_label, error) => {
    const { actor } = scripted({ fail: error });
    actor.send({ type: 'request.start' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('rejected');
    expect(snapshot.context.error).toBe('unknown_server_error');
  });

  it('retries with the same params and clears the error while pending, then when loaded', async () => {
    const { actor, calls } = scripted({ fail: undefined }, { ok: 'second time lucky' });
    actor.send({ type: 'request.start', params: 42 });
    await settled(actor);
    actor.send({ type: 'request.retry' });
    expect(actor.getSnapshot().value).toBe('pending');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.data).toBe('second time lucky');
    expect(calls).toEqual([42, 42]);
  });

  it('refreshes from loaded, keeping the old data until the new answer arrives', async () => {
    const { actor, calls } = scripted({ ok: 'old' }, { ok: 'new' });
    actor.send({ type: 'request.start', params: 'p' });
    await settled(actor);
    actor.send({ type: 'request.refresh' });
    expect(actor.getSnapshot().value).toBe('pending');
    expect(actor.getSnapshot().context.data).toBe('old');
    expect((await settled(actor)).context.data).toBe('new');
    expect(calls).toEqual(['p', 'p']);
  });

  it('ignores retry when loaded and refresh when rejected', async () => {
    const { actor } = scripted({ ok: 1 });
    actor.send({ type: 'request.start' });
    await settled(actor);
    actor.send({ type: 'request.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');

    const failed = scripted({ fail: undefined });
    failed.actor.send({ type: 'request.start' });
    await settled(failed.actor);
    failed.actor.send({ type: 'request.refresh' });
    expect(failed.actor.getSnapshot().value).toBe('rejected');
  });

  it('rejects with unknown_server_error when nobody provides the call (default slot)', async () => {
    const actor = createActor(requestMachine).start();
    actor.send({ type: 'request.start' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('rejected');
    expect(snapshot.context.error).toBe('unknown_server_error');
  });

  it('names a spec clause in the description of every state', () => {
    for (const state of Object.values(requestMachine.root.states)) {
      expect(state.description).toMatch(/^spec 4 Generic request: /);
    }
  });
});
