import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { IDP_SUCCESS_REDIRECT_MS } from '../../api/contract/limits';
import { idpSuccessMachine } from './idpSuccess.machine';

afterEach(() => vi.useRealTimers());

const start = () => {
  const continueToMe = vi.fn();
  const actor = createActor(idpSuccessMachine.provide({ actions: { continueToMe } })).start();
  return { actor, continueToMe };
};

describe('idpSuccessMachine (spec 2 Identity-provider pages, spec 9)', () => {
  it('waits the delay of spec 9, not less, then goes on to /me once', () => {
    vi.useFakeTimers();
    const { actor, continueToMe } = start();
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(IDP_SUCCESS_REDIRECT_MS - 1);
    expect(continueToMe).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('continuing');
    expect(actor.getSnapshot().status).toBe('done');
    expect(continueToMe).toHaveBeenCalledOnce();
  });

  it('does not go on once stopped (the user left the page)', () => {
    vi.useFakeTimers();
    const { actor, continueToMe } = start();
    actor.stop();
    vi.advanceTimersByTime(5 * IDP_SUCCESS_REDIRECT_MS);
    expect(continueToMe).not.toHaveBeenCalled();
  });

  it('throws when the route did not provide the way on', () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const actor = createActor(idpSuccessMachine);
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    vi.advanceTimersByTime(IDP_SUCCESS_REDIRECT_MS);
    expect(String(errors[0])).toContain('action continueToMe must be provided');
  });
});
