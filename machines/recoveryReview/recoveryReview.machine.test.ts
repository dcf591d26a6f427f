import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RecoveryPasskeyInput, RecoveryReview, RecoveryReviewInput } from '../../api/contract/recovery';
import { recoveryReviewMachine } from './recoveryReview.machine';
import { reviewWithPlantedPasskey } from './recoveryReview.samples';

/** A review whose calls answer `review` and record what they were called with. */
function start(review: RecoveryReview) {
  const calls: { call: string; input: unknown }[] = [];
  const answer =
    <I>(call: string) =>
    async ({ input }: { input: I }) => {
      calls.push({ call, input });
      return review;
    };
  const machine = recoveryReviewMachine.provide({
    actors: {
      getReview: fromPromise(answer<RecoveryReviewInput>('getReview')),
      keepPasskey: fromPromise(answer<RecoveryPasskeyInput>('keepPasskey')),
      removePasskey: fromPromise(answer<RecoveryPasskeyInput>('removePasskey')),
      removeAuthenticator: fromPromise(answer<RecoveryReviewInput>('removeAuthenticator')),
      finish: fromPromise<void, RecoveryReviewInput>(async ({ input }) => {
        calls.push({ call: 'finish', input });
      }),
    },
  });
  const actor = createActor(machine, { input: { token: 'review-token' } }).start();
  return { actor, calls };
}

describe('recoveryReviewMachine (docs/decisions/security.md: Recovery review)', () => {
  it('offers Keep only for a suspended passkey and Remove only for a listed one, with no call otherwise', async () => {
    const { actor, calls } = start(reviewWithPlantedPasskey);
    await waitFor(actor, (s) => s.matches('reviewing'));
    expect(actor.getSnapshot().can({ type: 'passkey.keep', id: 1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'passkey.remove', id: 99 })).toBe(false);
    actor.send({ type: 'passkey.keep', id: 1 });
    actor.send({ type: 'passkey.remove', id: 99 });
    expect(actor.getSnapshot().value).toBe('reviewing');
    actor.send({ type: 'passkey.keep', id: 2 });
    await waitFor(actor, (s) => s.matches('reviewing'));
    expect(calls).toEqual([
      { call: 'getReview', input: { token: 'review-token' } },
      { call: 'keepPasskey', input: { token: 'review-token', id: 2 } },
    ]);
  });

  it('offers to remove the authenticator app only when the server says it may go', async () => {
    const kept = {
      ...reviewWithPlantedPasskey,
      authenticator: { since: null, addedFrom: null, removable: false },
    };
    const { actor, calls } = start(kept);
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'authenticator.remove' });
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(calls.map(({ call }) => call)).toEqual(['getReview']);
  });

  it('Done ends the token and answers that the review was not cut short', async () => {
    const { actor, calls } = start(reviewWithPlantedPasskey);
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'review.finish' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.at(-1)).toEqual({ call: 'finish', input: { token: 'review-token' } });
    expect(actor.getSnapshot().output).toEqual({ expired: false });
  });
});
