/** The sessions model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { sessionsMachine } from './sessions.machine';
import type { DeviceSession } from './sessions.types';

const row = (id: string, browser: string, system: string, current: boolean): DeviceSession => ({
  id,
  browser,
  system,
  firstSeen: '2026-01-10T08:00:00.000Z',
  lastSeen: '2026-01-15T23:30:00.000Z',
  current,
});

export const THIS_DEVICE = row('a1'.repeat(16), 'Firefox 128', 'Linux', true);
export const OTHER_DEVICE = row('b2'.repeat(16), 'Chrome 120', 'Windows 10', false);

export const sessionsSamples = {
  input: { twoFactorEnabled: false },
  events: {
    'xstate.done.actor.getSessions': [{ output: [THIS_DEVICE, OTHER_DEVICE] }, { output: [THIS_DEVICE] }],
    'xstate.error.actor.getSessions': [refusal('unknown_server_error'), refusal('unknown_credential_error')],
    'session.end': (snapshot: SnapshotFrom<typeof sessionsMachine>) =>
      snapshot.context.sessions.map((session) => ({ id: session.id })),
    'xstate.done.actor.endSession': [{ output: undefined }],
    'xstate.error.actor.endSession': [
      refusal('rate_limited_error'),
      refusal('unknown_credential_error'),
      refusal('step_up_required_error'),
    ],
    'xstate.done.actor.endOtherSessions': [{ output: { ended: 1 } }],
    'xstate.error.actor.endOtherSessions': [
      refusal('unknown_server_error'),
      refusal('unknown_credential_error'),
      refusal('step_up_required_error'),
    ],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
  },
} satisfies ModelSamples<typeof sessionsMachine>;
