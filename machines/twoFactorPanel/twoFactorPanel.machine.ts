import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { TwoFactorSetup } from '../../api/contract/common';
import { cleanCode } from '../../api/contract/common';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { twoFactorSetupMachine } from '../twoFactorSetup/twoFactorSetup.machine';
import {
  isCompleteOtp,
  RECOVERY_CODES_FILENAME,
  recoveryCodesOf,
  recoveryCodesText,
} from '../twoFactorSetup/twoFactorSetup.rules';
import type { RecoveryCodesDownload } from '../twoFactorSetup/twoFactorSetup.types';
import { TWO_FACTOR_PANEL_PLACES } from './twoFactorPanel.rules';
import type {
  RecoveryCodeCount,
  RecoveryCodes,
  RegenerateRecoveryCodesInput,
  TwoFactorPanelContext,
  TwoFactorPanelEvent,
  TwoFactorPanelInput,
} from './twoFactorPanel.types';

export type { TwoFactorPanelContext, TwoFactorPanelEvent, TwoFactorPanelInput } from './twoFactorPanel.types';

/**
 * spec 2 Me page, two-factor panel (docs/decisions/product.md: The two-factor panel on /me): off, every user may turn
 * two-factor on; on, 'Resetup GA' opens the setup steps again, and the panel shows how many recovery codes remain
 * and makes new ones. The setup is the reusable `twoFactorSetup` machine (invoked as `setup`); this machine adds
 * the Setup button's question ('Hope you know what you're doing?') before the setup calls.
 *
 * Outside world: actor slots `getRecoveryCodeCount`, `getTwoFactorSecret`, `regenerateRecoveryCodes` and
 * `twoFactorSetup` (the setup machine with its `verify` = POST /api/me/2fa); effects `downloadText`, `printCodes`.
 */
export const twoFactorPanelMachine = setup({
  types: {} as {
    context: TwoFactorPanelContext;
    input: TwoFactorPanelInput;
    events: TwoFactorPanelEvent;
    tags: 'busy';
    children: {
      getRecoveryCodeCount: 'getRecoveryCodeCount';
      getTwoFactorSecret: 'getTwoFactorSecret';
      regenerateRecoveryCodes: 'regenerateRecoveryCodes';
      setup: 'twoFactorSetup';
    };
  },
  actors: {
    /** GET /api/me/2fa/recovery_codes: how many unused codes remain (0 without two-factor). */
    getRecoveryCodeCount: fromPromise<RecoveryCodeCount>(async () => {
      throw new Error('actor getRecoveryCodeCount must be provided');
    }),
    /** GET /api/me/2fa: a temporary secret for the setup (spec 7 Two-factor secret). */
    getTwoFactorSecret: fromPromise<TwoFactorSetup>(async () => {
      throw new Error('actor getTwoFactorSecret must be provided');
    }),
    /** POST /api/me/2fa/recovery_codes with a current one-time code: the new codes. */
    regenerateRecoveryCodes: fromPromise<RecoveryCodes, RegenerateRecoveryCodesInput>(async () => {
      throw new Error('actor regenerateRecoveryCodes must be provided');
    }),
    /** The setup steps; the route provides it with verify = POST /api/me/2fa (spec 7 Two-factor setup). */
    twoFactorSetup: twoFactorSetupMachine,
  },
  guards: {
    isOn: ({ context }) => context.twoFactorEnabled,
    /** spec 5 One-time code: the Setup button's code is exactly 6 digits. */
    setupCodeComplete: (_, params: { code: string }) => isCompleteOtp(params.code),
    regenerateCodeComplete: ({ context }) => isCompleteOtp(context.regenerateCode),
    /**
     * On after a count: it was on (a setup cannot turn it off), or codes exist, which only a completed setup
     * makes (the server counts none without two-factor).
     */
    isOnAfterCount: ({ context }, params: { remaining: number }) =>
      context.twoFactorEnabled || params.remaining > 0,
  },
  actions: {
    storeCount: assign((_, params: { remaining: number }) => ({
      remaining: params.remaining,
      error: undefined,
    })),
    turnOn: assign({ twoFactorEnabled: true }),
    storeFailure: assign((_, params: { event: object; place: keyof typeof TWO_FACTOR_PANEL_PLACES }) => ({
      error: refusalFrom(failureOf(params.event), TWO_FACTOR_PANEL_PLACES[params.place]).error,
    })),
    clearFailure: assign({ error: undefined }),
    storeSetup: assign((_, params: { setup: TwoFactorSetup }) => ({ setup: params.setup })),
    /** The setup ended with fresh codes (its output): all of them remain. */
    setupDone: assign((_, params: { output: unknown }) => ({
      twoFactorEnabled: true,
      remaining: recoveryCodesOf(params.output).length,
      setup: undefined,
    })),
    storeRegenerateCode: assign((_, params: { value: string }) => ({
      regenerateCode: cleanCode(params.value),
      error: undefined,
    })),
    storeNewCodes: assign((_, params: { codes: RecoveryCodes }) => ({
      newCodes: params.codes.recoveryCodes,
      remaining: params.codes.recoveryCodes.length,
      regenerateCode: '',
      error: undefined,
    })),
    forgetRegeneration: assign({
      regenerateCode: '',
      newCodes: [],
      error: undefined,
    }),
    /** After the question: the setup machine checks the code and calls (VERIFY & SAVE). */
    submitSetupCode: sendTo('setup', { type: 'code.submit' }),
    /** Effect: save `text` as a file (view layer: Blob + a[download]), headed by whose codes they are. */
    downloadText: (_, _params: RecoveryCodesDownload) => {
      throw new Error('action downloadText must be provided');
    },
    /** Effect: print the recovery codes (view layer: window.print with a print stylesheet). */
    printCodes: (_, _params: { codes: string[] }) => {
      throw new Error('action printCodes must be provided');
    },
  },
}).createMachine({
  id: 'twoFactorPanel',
  description:
    'spec 2 Me page, two-factor panel: turn two-factor on (every user) or set it up again (Resetup GA); the recovery codes that remain, and new ones (docs/decisions/product.md: The two-factor panel on /me)',
  context: ({ input }) => ({
    twoFactorEnabled: input.twoFactorEnabled,
    account: input.account,
    canCopy: input.canCopy ?? false,
    setup: undefined,
    remaining: undefined,
    error: undefined,
    regenerateCode: '',
    newCodes: [],
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'spec 3 twoFactorEnebled: the profile says whether two-factor is on',
      entry: 'clearFailure',
      always: [{ guard: 'isOn', target: 'counting' }, { target: 'off' }],
    },
    off: {
      description:
        'docs/decisions/product.md: Profile and lists: two-factor is off; every user may turn it on from here',
      on: { 'setup.open': 'fetchingSecret' },
    },
    counting: {
      description:
        'docs/decisions/product.md: The two-factor panel on /me: reading how many recovery codes remain (again after a closed setup)',
      tags: ['busy'],
      invoke: {
        id: 'getRecoveryCodeCount',
        src: 'getRecoveryCodeCount',
        onDone: [
          {
            guard: { type: 'isOnAfterCount', params: ({ event }) => ({ remaining: event.output.remaining }) },
            target: 'on',
            actions: [
              'turnOn',
              { type: 'storeCount', params: ({ event }) => ({ remaining: event.output.remaining }) },
            ],
          },
          {
            target: 'off',
            actions: { type: 'storeCount', params: ({ event }) => ({ remaining: event.output.remaining }) },
          },
        ],
        onError: {
          target: 'countFailed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ event, place: 'panel' }) },
        },
      },
    },
    countFailed: {
      description:
        'docs/decisions/product.md: The two-factor panel on /me: the count could not be read; a quiet message with a retry, the setup still offered',
      on: { 'count.retry': 'counting', 'setup.open': 'fetchingSecret' },
    },
    on: {
      description:
        'spec 2 Me page: two-factor is on: Resetup GA, the recovery codes that remain (a warning at two or fewer), new codes',
      on: { 'setup.open': 'fetchingSecret', 'regenerate.open': 'regenerating' },
    },
    fetchingSecret: {
      description: 'spec 4 Two-factor: generating the temporary secret (GET /api/me/2fa)',
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'getTwoFactorSecret',
        src: 'getTwoFactorSecret',
        onDone: {
          target: 'settingUp',
          actions: { type: 'storeSetup', params: ({ event }) => ({ setup: event.output }) },
        },
        onError: {
          target: 'secretFailed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ event, place: 'panel' }) },
        },
      },
    },
    secretFailed: {
      description: 'spec 8: no temporary secret; the spec 8 text, a retry and the close button',
      on: { 'setup.open': 'fetchingSecret', 'panel.close': 'checking' },
    },
    settingUp: {
      description:
        'spec 2 Me page, two-factor panel: the setup steps (spec 2 Two-factor setup) with a close button; success shows the recovery codes',
      invoke: {
        id: 'setup',
        src: 'twoFactorSetup',
        input: ({ context }) => ({
          // fetchingSecret enters this state only with the payload it stored.
          setup: context.setup!,
          canCopy: context.canCopy,
          account: context.account,
          // Turning it on (or setting it up again) wants a fresh proof: the password, or a code when it is on.
          twoFactorEnabled: context.twoFactorEnabled,
        }),
        onDone: {
          target: 'on',
          actions: { type: 'setupDone', params: ({ event }) => ({ output: event.output }) },
        },
      },
      initial: 'steps',
      states: {
        steps: {
          description:
            'spec 2 Me page, two-factor panel: Setup is enabled only with exactly 6 digits (spec 5 One-time code); a close button',
          on: {
            // Closed part-way: the setup may have succeeded already (codes shown), so the count says where we are.
            'panel.close': '#twoFactorPanel.counting',
            'setup.submit': {
              guard: { type: 'setupCodeComplete', params: ({ event }) => ({ code: event.code }) },
              target: 'confirming',
            },
          },
        },
        confirming: {
          description:
            "spec 2 Me page, two-factor panel: Setup asks 'Hope you know what you're doing?' before it calls",
          on: {
            'confirm.accept': { target: 'steps', actions: 'submitSetupCode' },
            'confirm.cancel': 'steps',
          },
        },
      },
    },
    regenerating: {
      description:
        'docs/decisions/security.md: Regenerating recovery codes needs a current code: a code from the authenticator, then new codes',
      entry: 'clearFailure',
      on: { 'panel.close': { target: 'on', actions: 'forgetRegeneration' } },
      initial: 'editing',
      states: {
        editing: {
          description:
            'spec 5 One-time code: exactly 6 digits, pasted spaces and dashes cleaned; a refusal shown under the field (spec 8)',
          on: {
            'regenerate.change': {
              actions: { type: 'storeRegenerateCode', params: ({ event }) => ({ value: event.value }) },
            },
            'regenerate.submit': { guard: 'regenerateCodeComplete', target: 'submitting' },
          },
        },
        submitting: {
          description:
            'docs/decisions/security.md: Regenerating recovery codes needs a current code: the call is made',
          tags: ['busy'],
          invoke: {
            id: 'regenerateRecoveryCodes',
            src: 'regenerateRecoveryCodes',
            input: ({ context }) => ({ otpCode: context.regenerateCode }),
            onDone: {
              target: '#twoFactorPanel.showingNewCodes',
              actions: { type: 'storeNewCodes', params: ({ event }) => ({ codes: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'storeFailure', params: ({ event }) => ({ event, place: 'regenerate' }) },
            },
          },
        },
      },
    },
    showingNewCodes: {
      description:
        'docs/decisions/security.md: One-time and recovery codes: the new codes shown once, to download as .txt or print; the old ones no longer work',
      on: {
        'recovery.download': {
          actions: {
            type: 'downloadText',
            params: ({ context }) => ({
              filename: RECOVERY_CODES_FILENAME,
              text: recoveryCodesText(context.newCodes),
              account: context.account,
            }),
          },
        },
        'recovery.print': {
          actions: { type: 'printCodes', params: ({ context }) => ({ codes: context.newCodes }) },
        },
        'panel.close': { target: 'on', actions: 'forgetRegeneration' },
      },
    },
  },
});
