/** The security activity model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { securityActivityMachine } from './securityActivity.machine';
import type { SecurityActivityEntry } from './securityActivity.types';

export const SIGN_IN_ELSEWHERE: SecurityActivityEntry = {
  kind: 'sign_in',
  method: 'password_code',
  browser: 'Chrome 120',
  system: 'Windows 10',
  at: '2026-01-15T23:30:00.000Z',
};
export const PASSWORD_CHANGED: SecurityActivityEntry = {
  kind: 'password_changed',
  method: null,
  browser: 'Firefox 128',
  system: 'Linux',
  at: '2026-01-10T08:00:00.000Z',
};

/** A page as the server answers the one asked for: rows and an older page on the first, rows or none on the second. */
const pageOf = (snapshot: SnapshotFrom<typeof securityActivityMachine>) => {
  const { page } = snapshot.context;
  return page === 1
    ? [
        { output: { page, entries: [SIGN_IN_ELSEWHERE, PASSWORD_CHANGED], hasMore: true } },
        { output: { page, entries: [], hasMore: false } },
      ]
    : [
        { output: { page, entries: [PASSWORD_CHANGED], hasMore: false } },
        // The older rows went meanwhile (90 days passed): an empty page that can go back.
        { output: { page, entries: [], hasMore: false } },
      ];
};

export const securityActivitySamples = {
  events: {
    'xstate.done.actor.getSecurityActivity': pageOf,
    'xstate.error.actor.getSecurityActivity': [
      refusal('unknown_server_error'),
      refusal('unknown_credential_error'),
    ],
  },
} satisfies ModelSamples<typeof securityActivityMachine>;
