/** The addPasskey model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { browserRefused, type ModelSamples, refusal } from '../../test/model/samples';
import type { addPasskeyMachine } from './addPasskey.machine';

/** What the server's options and the browser's answer look like: their shape only matters to the server. */
const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Account' },
  user: { id: 'dXNlcjox', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
  timeout: 300_000,
  attestation: 'none',
  authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
};
const CREDENTIAL = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
};

export const addPasskeySamples = {
  input: { twoFactorEnabled: false },
  events: {
    // A name, and one past the 64 characters.
    'field.change': [
      { field: 'name' as const, value: 'Work laptop' },
      { field: 'name' as const, value: 'x'.repeat(65) },
    ],
    'xstate.done.actor.getOptions': [{ output: OPTIONS }],
    'xstate.error.actor.getOptions': [refusal('step_up_required_error'), refusal('rate_limited_error')],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
    'xstate.done.actor.createPasskey': [{ output: CREDENTIAL }],
    'xstate.error.actor.createPasskey': [
      browserRefused('NotAllowedError'),
      browserRefused('TimeoutError'),
      browserRefused('NotSupportedError'),
      browserRefused('InvalidStateError'),
      browserRefused('SecurityError'),
    ],
    'xstate.done.actor.register': [
      {
        output: {
          id: 9,
          name: 'Work laptop',
          createdAt: '2026-01-20T10:00:00.000Z',
          lastUsedAt: null,
        },
      },
    ],
    'xstate.error.actor.register': [
      refusal('passkey_already_registered_error'),
      refusal('passkey_invalid_error'),
    ],
  },
} satisfies ModelSamples<typeof addPasskeyMachine>;
