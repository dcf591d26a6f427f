/** The recoveryReview model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { RecoveryReview } from '../../api/contract/recovery';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { recoveryReviewMachine } from './recoveryReview.machine';

/** The owner's passkey and one an intruder's session added, which the recovery suspended; the app removable. */
export const reviewWithPlantedPasskey: RecoveryReview = {
  passkeys: [
    {
      id: 1,
      name: 'Firefox 128 (Linux)',
      createdAt: '2026-10-01T09:00:00.000Z',
      lastUsedAt: '2026-11-20T08:00:00.000Z',
      addedFrom: 'Firefox 128 (Linux)',
      suspended: false,
    },
    {
      id: 2,
      name: 'Chrome 131 (Windows 10)',
      createdAt: '2026-11-27T23:10:00.000Z',
      lastUsedAt: null,
      addedFrom: 'Chrome 131 (Windows 10)',
      suspended: true,
    },
  ],
  authenticator: { since: '2026-11-27T23:12:00.000Z', addedFrom: 'Chrome 131 (Windows 10)', removable: true },
  recoveryCodes: { remaining: 10, createdAt: '2026-11-27T23:12:00.000Z' },
};

/** After the planted passkey and the app were removed. */
const reviewCleaned: RecoveryReview = {
  passkeys: reviewWithPlantedPasskey.passkeys.slice(0, 1),
  authenticator: null,
  recoveryCodes: null,
};

const tokenRefused = refusal('recovery_review_token_invalid_error');

export const recoveryReviewSamples = {
  input: { token: 'review-token' },
  events: {
    'passkey.keep': [{ id: 2 }],
    'passkey.remove': [{ id: 2 }],
    'xstate.done.actor.getReview': [{ output: reviewWithPlantedPasskey }],
    'xstate.error.actor.getReview': [tokenRefused, refusal('rate_limited_error')],
    'xstate.done.actor.keepPasskey': [{ output: reviewCleaned }],
    'xstate.error.actor.keepPasskey': [
      tokenRefused,
      refusal('passkey_not_found_error'),
      refusal('unknown_server_error'),
    ],
    'xstate.done.actor.removePasskey': [{ output: reviewCleaned }],
    'xstate.error.actor.removePasskey': [
      tokenRefused,
      refusal('passkey_not_found_error'),
      refusal('unknown_server_error'),
    ],
    'xstate.done.actor.removeAuthenticator': [{ output: reviewCleaned }],
    'xstate.error.actor.removeAuthenticator': [tokenRefused, refusal('forbidden_error')],
    'xstate.done.actor.finish': [{ output: undefined }],
    'xstate.error.actor.finish': [tokenRefused, refusal('unknown_server_error')],
  },
} satisfies ModelSamples<typeof recoveryReviewMachine>;
