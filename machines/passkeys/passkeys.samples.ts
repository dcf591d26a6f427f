/** The passkeys model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { passkeysMachine } from './passkeys.machine';
import type { Passkey } from './passkeys.types';

export const LAPTOP: Passkey = {
  id: 7,
  name: 'Chrome 131 (Linux)',
  createdAt: '2026-01-10T08:00:00.000Z',
  lastUsedAt: '2026-01-15T23:30:00.000Z',
};
export const PHONE: Passkey = {
  id: 8,
  name: 'Phone',
  createdAt: '2026-01-12T09:00:00.000Z',
  lastUsedAt: null,
};

export const passkeysSamples = {
  input: { webAuthn: true, twoFactorEnabled: false },
  events: {
    'xstate.done.actor.getPasskeys': [{ output: [LAPTOP, PHONE] }, { output: [] }],
    'xstate.error.actor.getPasskeys': [refusal('unknown_server_error'), refusal('unknown_credential_error')],
    'rename.open': (snapshot: SnapshotFrom<typeof passkeysMachine>) =>
      snapshot.context.passkeys.slice(0, 1).map((passkey) => ({ id: passkey.id })),
    'remove.open': (snapshot: SnapshotFrom<typeof passkeysMachine>) =>
      snapshot.context.passkeys.slice(-1).map((passkey) => ({ id: passkey.id })),
    // A new name, and one past the 64 characters.
    'field.change': [
      { field: 'name' as const, value: 'Work laptop' },
      { field: 'name' as const, value: 'x'.repeat(65) },
    ],
    'xstate.done.actor.renamePasskey': [{ output: { ...LAPTOP, name: 'Work laptop' } }],
    'xstate.error.actor.renamePasskey': [refusal('rate_limited_error')],
    'xstate.done.actor.removePasskey': [{ output: undefined }],
    'xstate.error.actor.removePasskey': [refusal('passkey_not_found_error'), refusal('unknown_server_error')],
    'xstate.done.actor.addPasskey': [{ output: { passkey: { ...PHONE, id: 9, name: 'Security key' } } }],
  },
} satisfies ModelSamples<typeof passkeysMachine>;
