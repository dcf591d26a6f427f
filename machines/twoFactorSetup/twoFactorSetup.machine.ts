import { assign, fromPromise, setup } from 'xstate';
import { cleanCode } from '../../api/contract/common';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import {
  isCompleteOtp,
  isRecoveryCodeShaped,
  isSavedRecoveryCode,
  RECOVERY_CODES_FILENAME,
  recoveryCodesOf,
  recoveryCodesText,
  TWO_FACTOR_SETUP_PLACES,
} from './twoFactorSetup.rules';
import type {
  RecoveryCodesDownload,
  TwoFactorSetupContext,
  TwoFactorSetupEvent,
  TwoFactorSetupInput,
  VerifyInput,
} from './twoFactorSetup.types';

export type {
  TwoFactorSetupContext,
  TwoFactorSetupEvent,
  TwoFactorSetupInput,
  VerifyInput,
} from './twoFactorSetup.types';

/**
 * The `verify` slot from a plain async call, typed as the slot wants it (input VerifyInput, output unknown):
 * tests build their fakes with it; the real slots are in api/actors.ts (enableTwoFactorAsVerify).
 */
export const verifyActor = (call: (input: VerifyInput) => Promise<unknown>) =>
  fromPromise<unknown, VerifyInput>(({ input }) => call(input));

/** How long the 'Copied!' note stays. */
export const COPIED_NOTE_MS = 2500;

/**
 * spec 2 Two-factor setup, reusable by login, invitation sign-up and the profile page. Step 2 (barcode or the
 * secret as text) and step 3 (the code) are parallel regions: the user may switch views while typing. The
 * outside world comes in through actor slots (`verify`, `copyText`) and effect actions (`downloadText`,
 * `printCodes`); the output is what `verify` answered. On /me the server asks for a fresh step-up before it turns
 * two-factor on (docs/security.md: Every change and the proof it needs): VERIFY & SAVE is then a guarded call
 * (machines/stepUp/stepUpAround.ts, slot `stepUp`); login's and the sign-up's verify never ask for one.
 */
export const twoFactorSetupMachine = setup({
  types: {} as {
    context: TwoFactorSetupContext;
    input: TwoFactorSetupInput;
    events: TwoFactorSetupEvent;
    output: unknown;
    tags: 'busy' | 'copying' | 'copied' | 'copyFailed';
    children: { verify: 'verify'; copyText: 'copyText'; stepUp: 'stepUp' };
  },
  actors: {
    /** Checks the code and turns two-factor on (login: the login call again with the code). */
    verify: fromPromise<unknown, VerifyInput>(async () => {
      throw new Error('actor verify must be provided');
    }),
    /** Puts text on the clipboard (view layer: navigator.clipboard.writeText). */
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('actor copyText must be provided');
    }),
    /** The proof /me's setup may be asked for (docs/decisions/security.md: Step-up); the route provides its calls. */
    ...STEP_UP_ACTORS,
  },
  delays: { copiedNote: COPIED_NOTE_MS },
  guards: {
    ...STEP_UP_GUARDS,
    canCopy: ({ context }) => context.canCopy,
    isCompleteOtp: ({ context }) => isCompleteOtp(context.code),
    hasRecoveryCodes: (_, params: { result: unknown }) => recoveryCodesOf(params.result).length > 0,
    typedSavedCode: ({ context }) => isSavedRecoveryCode(context.recoveryConfirm, context.recoveryCodes),
    typedRecoveryCodeShape: ({ context }) => isRecoveryCodeShaped(context.recoveryConfirm),
  },
  actions: {
    storeCode: assign((_, params: { value: string }) => ({
      code: cleanCode(params.value),
      error: undefined,
    })),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = failureOf({ error: params.error });
      // The payload survives every rejection (spec 4); a fresh one from the server replaces it.
      return {
        error: refusalFrom(failure, TWO_FACTOR_SETUP_PLACES).error,
        setup: failure.twoFactorSetup ?? context.setup,
      };
    }),
    storeResult: assign((_, params: { result: unknown }) => ({
      result: params.result,
      recoveryCodes: recoveryCodesOf(params.result),
      error: undefined,
    })),
    storeRecoveryConfirm: assign((_, params: { value: string }) => ({
      recoveryConfirm: cleanCode(params.value),
      confirmMismatch: false,
    })),
    flagMismatch: assign({ confirmMismatch: true }),
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
  id: 'twoFactorSetup',
  description:
    'spec 2 Two-factor setup: install the app, scan the barcode or type the secret, verify a 6-digit code; then save the recovery codes (docs/decisions/security.md: One-time and recovery codes)',
  context: ({ input }) => ({
    setup: input.setup,
    canCopy: input.canCopy ?? false,
    reason: input.reason,
    verifyWith: input.verifyWith ?? {},
    account: input.account,
    twoFactorEnabled: input.twoFactorEnabled ?? false,
    code: '',
    error: undefined,
    result: undefined,
    recoveryCodes: [],
    recoveryConfirm: '',
    confirmMismatch: false,
  }),
  initial: 'settingUp',
  output: ({ context }: { context: TwoFactorSetupContext }) => context.result,
  states: {
    settingUp: {
      description: 'spec 2 Two-factor setup: steps 1-3 on one screen (step 1 install Google Authenticator)',
      type: 'parallel',
      states: {
        secretView: {
          description: 'spec 2 Two-factor setup: step 2, the secret as a barcode or as text',
          initial: 'barcode',
          states: {
            barcode: {
              description: 'spec 2 Two-factor setup: step 2 scan the barcode image',
              on: { 'secret.show': 'secretAsText' },
            },
            secretAsText: {
              description:
                'spec 2 Two-factor setup: step 2 the secret as text in groups of 3 (spec 9), copy where supported, a way back to the barcode',
              initial: 'idle',
              on: {
                'barcode.show': 'barcode',
                'secret.copy': { guard: 'canCopy', target: '.copying' },
              },
              states: {
                idle: { description: 'spec 2 Two-factor setup: the secret shown, nothing copied yet' },
                copying: {
                  description: 'spec 2 Two-factor setup: copying the secret',
                  tags: ['copying'],
                  invoke: {
                    id: 'copyText',
                    src: 'copyText',
                    input: ({ context }) => ({ text: context.setup.secret }),
                    onDone: 'copied',
                    onError: 'copyFailed',
                  },
                },
                copied: {
                  description: "spec 2 Two-factor setup: a 'Copied!' note shows",
                  tags: ['copied'],
                  after: { copiedNote: 'idle' },
                },
                copyFailed: {
                  description: 'spec 2 Two-factor setup: copy failure raises an alert with the text to copy',
                  tags: ['copyFailed'],
                },
              },
            },
          },
        },
        codeEntry: {
          description: 'spec 2 Two-factor setup: step 3 enter the 6-digit code and submit (VERIFY & SAVE)',
          initial: 'editing',
          states: {
            editing: {
              description:
                'spec 5 One-time code: exactly 6 digits, pasted spaces and dashes cleaned; errors shown under the field (spec 8)',
              on: {
                'code.change': {
                  actions: { type: 'storeCode', params: ({ event }) => ({ value: event.value }) },
                },
                'code.submit': { guard: 'isCompleteOtp', target: 'verifying' },
              },
            },
            verifying: {
              description: 'spec 2 Two-factor setup: VERIFY & SAVE repeats the login call with the code',
              tags: ['busy'],
              invoke: {
                id: 'verify',
                src: 'verify',
                input: ({ context }) => ({ ...context.verifyWith, otpCode: context.code }),
                onDone: [
                  {
                    guard: { type: 'hasRecoveryCodes', params: ({ event }) => ({ result: event.output }) },
                    target: '#twoFactorSetup.showingRecoveryCodes',
                    actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    target: '#twoFactorSetup.done',
                    actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  },
                ],
                onError: [
                  whenStepUpRequired(),
                  {
                    target: 'editing',
                    actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            steppingUp: steppingUp({ again: 'verifying', back: 'editing', what: 'the code' }),
          },
        },
      },
    },
    showingRecoveryCodes: {
      description:
        'docs/decisions/security.md: One-time and recovery codes: shown after a successful setup (copy, download as .txt, print); the user types one back to confirm they saved them',
      initial: 'idle',
      on: {
        'recovery.copy': { guard: 'canCopy', target: '.copying' },
        'recovery.download': {
          actions: {
            type: 'downloadText',
            params: ({ context }) => ({
              filename: RECOVERY_CODES_FILENAME,
              text: recoveryCodesText(context.recoveryCodes),
              account: context.account,
            }),
          },
        },
        'recovery.print': {
          actions: { type: 'printCodes', params: ({ context }) => ({ codes: context.recoveryCodes }) },
        },
        'recovery.confirmChange': {
          actions: { type: 'storeRecoveryConfirm', params: ({ event }) => ({ value: event.value }) },
        },
        'recovery.confirmSubmit': [
          { guard: 'typedSavedCode', target: 'done' },
          { guard: 'typedRecoveryCodeShape', actions: 'flagMismatch' },
        ],
      },
      states: {
        idle: {
          description:
            'docs/decisions/security.md: One-time and recovery codes: the codes shown, nothing copied yet',
        },
        copying: {
          description: 'docs/decisions/security.md: One-time and recovery codes: copying all codes',
          tags: ['copying'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: recoveryCodesText(context.recoveryCodes) }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          description: "docs/decisions/security.md: One-time and recovery codes: a 'Copied!' note shows",
          tags: ['copied'],
          after: { copiedNote: 'idle' },
        },
        copyFailed: {
          description:
            'docs/decisions/security.md: One-time and recovery codes: copy failure raises an alert with the text to copy',
          tags: ['copyFailed'],
        },
      },
    },
    done: {
      description: 'spec 2 Two-factor setup: two-factor is on; the output is what verify answered',
      type: 'final',
    },
  },
});
