/** The deleteAccount model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { deleteAccountMachine } from './deleteAccount.machine';

export const SOLE_ADMIN_PLACES = [
  { kind: 'channel' as const, name: 'Poetry club' },
  { kind: 'organisation' as const, name: 'Lit Inc' },
];

export const deleteAccountSamples = {
  input: { email: 'ada@example.com', twoFactorEnabled: false },
  events: {
    // The address in another case (it counts), and one that is not the account's.
    'field.change': [
      { field: 'confirmation' as const, value: 'Ada@Example.com' },
      { field: 'confirmation' as const, value: 'eve@example.com' },
    ],
    'xstate.done.actor.deleteAccount': [{ output: undefined }],
    'xstate.error.actor.deleteAccount': [
      refusal('step_up_required_error'),
      refusal('account_sole_admin_error', { details: { places: SOLE_ADMIN_PLACES } }),
      refusal('rate_limited_error'),
    ],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
  },
} satisfies ModelSamples<typeof deleteAccountMachine>;
