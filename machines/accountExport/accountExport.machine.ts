import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { pageRefusal } from '../form/refusal';
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import type {
  AccountExport,
  AccountExportContext,
  AccountExportEvent,
  AccountExportMachineInput,
} from './accountExport.types';

export type { AccountExportContext, AccountExportEvent } from './accountExport.types';

/**
 * docs/decisions/security.md: Your data to take away, on /me's Security part beside the danger zone: the button sends
 * POST /api/me/export; when the server asks for a step-up, 'Confirm it's you' and the request is sent again; the
 * answer is handed to the effect that saves it as account-data.json, and the part says it was downloaded; a failure
 * says so with a retry.
 *
 * Outside world: actor slots `exportAccountData` (POST /api/me/export) and `stepUp` (machines/stepUp); the effect
 * `saveFile` (the container's: a Blob, an object URL and a temporary download link).
 */
export const accountExportMachine = setup({
  types: {} as {
    context: AccountExportContext;
    input: AccountExportMachineInput;
    events: AccountExportEvent;
    tags: 'busy';
    children: { exportAccountData: 'exportAccountData'; stepUp: 'stepUp' };
  },
  actors: {
    /** POST /api/me/export: the account's data to take away. */
    exportAccountData: fromPromise<AccountExport>(async () => {
      throw new Error('actor exportAccountData must be provided');
    }),
    /** The proof (docs/decisions/security.md: Step-up); the route provides it with POST /api/me/step_up. */
    ...STEP_UP_ACTORS,
  },
  guards: {
    ...STEP_UP_GUARDS,
  },
  actions: {
    keepFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    forgetFailure: assign({ error: undefined }),
    /** Effect: the answer saved as a file (the container's browser download). */
    saveFile: (_, _data: AccountExport) => {
      throw new Error('action saveFile must be provided');
    },
  },
}).createMachine({
  id: 'accountExport',
  description:
    'docs/decisions/security.md: Your data to take away: the button, a step-up when asked, POST /api/me/export, the JSON file saved',
  context: ({ input }) => ({ twoFactorEnabled: input.twoFactorEnabled, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'docs/decisions/security.md: Your data to take away: the part beside the danger zone, with its download button',
      on: { 'export.start': 'exporting' },
    },
    exporting: {
      description:
        'docs/decisions/security.md: Your data to take away: POST /api/me/export (sent again after a step-up)',
      tags: ['busy'],
      entry: 'forgetFailure',
      invoke: {
        id: 'exportAccountData',
        src: 'exportAccountData',
        onDone: { target: 'saved', actions: { type: 'saveFile', params: output } },
        onError: [whenStepUpRequired(), { target: 'failed', actions: 'keepFailure' }],
      },
    },
    steppingUp: steppingUp({ again: 'exporting', back: 'idle', what: 'the request' }),
    saved: {
      description:
        "docs/decisions/security.md: Your data to take away: the file account-data.json handed to the browser; a short 'Downloaded'; the button can download it again",
      on: { 'export.start': 'exporting' },
    },
    failed: {
      description:
        'docs/decisions/security.md: Your data to take away: the request failed (spec 8 says why), with a retry',
      on: { retry: 'exporting' },
    },
  },
});
