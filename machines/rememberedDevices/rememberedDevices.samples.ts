/** The remembered devices model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { rememberedDevicesMachine } from './rememberedDevices.machine';
import type { RememberedDevice } from './rememberedDevices.types';

const row = (id: string, browser: string, system: string, current: boolean): RememberedDevice => ({
  id,
  browser,
  system,
  rememberedAt: '2026-01-10T08:00:00.000Z',
  expiresAt: '2026-02-09T23:30:00.000Z',
  current,
});

export const THIS_BROWSER = row('c3'.repeat(16), 'Firefox 128', 'Linux', true);
export const OTHER_BROWSER = row('d4'.repeat(16), 'Safari 17', 'macOS', false);

export const rememberedDevicesSamples = {
  events: {
    'xstate.done.actor.getRememberedDevices': [{ output: [THIS_BROWSER, OTHER_BROWSER] }, { output: [] }],
    'xstate.error.actor.getRememberedDevices': [
      refusal('unknown_server_error'),
      refusal('unknown_credential_error'),
    ],
    'device.forget': (snapshot: SnapshotFrom<typeof rememberedDevicesMachine>) =>
      snapshot.context.devices.map((device) => ({ id: device.id })),
    'xstate.done.actor.forgetRememberedDevice': [{ output: undefined }],
    'xstate.error.actor.forgetRememberedDevice': [
      refusal('rate_limited_error'),
      refusal('remembered_device_not_found_error'),
      refusal('unknown_credential_error'),
    ],
  },
} satisfies ModelSamples<typeof rememberedDevicesMachine>;
