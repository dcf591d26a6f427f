/** The accountExport model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { accountExportMachine } from './accountExport.machine';
import type { AccountExport } from './accountExport.types';

export const EXPORTED: AccountExport = {
  exportedAt: '2026-11-24T12:00:00.000Z',
  profile: {
    email: 'ada@example.com',
    screenName: 'Ada',
    locale: 'en-GB',
    phone: null,
    position: null,
    department: null,
    bio: null,
    location: null,
    links: null,
    confirmedAt: '2026-01-01T10:00:00.000Z',
    createdAt: '2026-01-01T09:00:00.000Z',
    twoFactorEnabled: false,
    twoFactorSince: null,
  },
  organisations: [],
  channels: [],
  sessions: [],
  passkeys: [],
  rememberedDevices: [],
  securityActivity: [],
};

export const accountExportSamples = {
  input: { twoFactorEnabled: false },
  events: {
    'xstate.done.actor.exportAccountData': [{ output: EXPORTED }],
    'xstate.error.actor.exportAccountData': [
      refusal('step_up_required_error'),
      refusal('rate_limited_error'),
    ],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
  },
} satisfies ModelSamples<typeof accountExportMachine>;
