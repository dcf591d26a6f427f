import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { ceremonyRefusalOf } from '../form/ceremonyRefusal';
import { refusalFrom } from '../form/refusal';
import {
  asksForCode,
  asksForPassword,
  isPasskeyCancelled,
  isProofValid,
  isWrongProof,
  proofOf,
  STEP_UP_PLACES,
  validationErrors,
} from './stepUp.rules';
import type {
  PasskeyAuthenticationResponseWire,
  StepUpContext,
  StepUpEvent,
  StepUpInput,
  StepUpMachineInput,
  StepUpMethod,
  StepUpOutput,
} from './stepUp.types';

export type { StepUpContext, StepUpEvent, StepUpMachineInput, StepUpOutput } from './stepUp.types';

/**
 * docs/decisions/security.md: Step-up. A child machine for every sensitive change of the security centre (password, e-mail,
 * deleting the account, passkeys): it asks for the proof (the password, or a current one-time code for an account
 * with two-factor), calls POST /api/me/step_up and is done when the proof is accepted; its output says until when.
 * A parent invokes it when the server answers step_up_required_error (or up front) and sends its change again
 * when it is done, as twoFactorPanel invokes twoFactorSetup.
 *
 * A user with a passkey may instead 'Use a passkey' (docs/decisions/security.md: Step-up by passkey): the browser's dialog
 * for their own passkeys, then POST /api/me/step_up/passkey; the same window opens.
 *
 * Outside world: the actor slots `stepUp` (StepUpInput -> { validUntil }, rejecting with an ApiFailure),
 * `hasPasskey` (-> whether to offer a passkey), `askPasskey` (-> the browser's answer to the step-up's options; its
 * errors are the browser's, read by ceremonyRefusalOf, or the options call's) and `verifyPasskey`
 * ({ credential } -> { validUntil }).
 */
export const stepUpMachine = setup({
  types: {} as {
    context: StepUpContext;
    input: StepUpMachineInput;
    events: StepUpEvent;
    output: StepUpOutput;
    tags: 'busy';
  },
  actors: {
    /** POST /api/me/step_up with the password or the one-time code. */
    stepUp: fromPromise<{ validUntil: string }, StepUpInput>(async () => {
      throw new Error('actor stepUp must be provided');
    }),
    /** Whether this browser has WebAuthn and the user has a passkey (GET /api/me/passkeys). */
    hasPasskey: fromPromise<boolean>(async () => {
      throw new Error('actor hasPasskey must be provided');
    }),
    /** POST /api/me/step_up/passkey/options, then the browser's navigator.credentials.get with them. */
    askPasskey: fromPromise<PasskeyAuthenticationResponseWire>(async () => {
      throw new Error('actor askPasskey must be provided');
    }),
    /** POST /api/me/step_up/passkey with the browser's answer. */
    verifyPasskey: fromPromise<{ validUntil: string }, { credential: PasskeyAuthenticationResponseWire }>(
      async () => {
        throw new Error('actor verifyPasskey must be provided');
      },
    ),
  },
  guards: {
    isProofValid: ({ context }) => isProofValid(context),
    /** The profile was older than the account: two-factor is on now, so the server asks for a code. */
    needsCodeInstead: ({ context, event }) => asksForCode(context, failureOf(event)),
    /** Two-factor was turned off since the page was read: the server asks for the password. */
    needsPasswordInstead: ({ context, event }) => asksForPassword(context, failureOf(event)),
    isWrongProof: ({ event }) => isWrongProof(failureOf(event)),
    isLocked: ({ event }) => failureOf(event).code === 'account_locked_error',
    isRateLimited: ({ event }) => failureOf(event).code === 'rate_limited_error',
    isPasskeyOffered: ({ context }) => context.passkeyOffered,
    browserCancelled: ({ event }) =>
      isPasskeyCancelled(ceremonyRefusalOf((event as { error?: unknown }).error)),
  },
  actions: {
    storeField: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: {}, error: undefined, passkeyRefusal: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
      passkeyRefusal: undefined,
    })),
    clearErrors: assign({ fieldErrors: {}, error: undefined, passkeyRefusal: undefined }),
    offerPasskey: assign((_, params: { offered: boolean }) => ({ passkeyOffered: params.offered })),
    keepCredential: assign((_, params: { credential: PasskeyAuthenticationResponseWire }) => ({
      credential: params.credential,
    })),
    /** The challenge's answer is used once: it is not kept after its check. */
    forgetCredential: assign({ credential: undefined }),
    showPasskeyRefusal: assign((_, params: { refusal: 'cancelled' | 'invalid' }) => ({
      passkeyRefusal: params.refusal,
      error: undefined,
    })),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), STEP_UP_PLACES)),
    switchMethod: assign((_, params: { method: StepUpMethod }) => ({ method: params.method })),
    storeValidUntil: assign((_, params: { validUntil: string }) => ({ validUntil: params.validUntil })),
    /** The proof is not kept once it has done its work. */
    forgetProof: assign({ password: '', otpCode: '' }),
  },
}).createMachine({
  id: 'stepUp',
  description:
    "docs/decisions/security.md: Step-up: 'Confirm it's you' with the password, or a one-time code for an account with two-factor, or a passkey, before a sensitive change",
  context: ({ input }) => ({
    method: input.twoFactorEnabled ? 'otpCode' : 'password',
    password: '',
    otpCode: '',
    fieldErrors: {},
    error: undefined,
    passkeyOffered: false,
    credential: undefined,
    passkeyRefusal: undefined,
    validUntil: undefined,
  }),
  output: ({ context }) => ({ validUntil: context.validUntil ?? '' }),
  initial: 'checking',
  states: {
    checking: {
      description:
        "docs/decisions/security.md: Step-up by passkey: the form is usable at once while the user's passkeys are read; 'Use a passkey' is offered only when there is one and the browser has WebAuthn",
      invoke: {
        id: 'hasPasskey',
        src: 'hasPasskey',
        onDone: {
          target: 'editing',
          actions: { type: 'offerPasskey', params: ({ event }) => ({ offered: event.output === true }) },
        },
        // The list could not be read: the typed proof is still there.
        onError: 'editing',
      },
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [{ guard: 'isProofValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    editing: {
      description:
        'docs/decisions/security.md: Step-up: the password (spec 5 Login: required), or the 6-digit code (spec 5 One-time code) when the profile says two-factor is on',
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [{ guard: 'isProofValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
        'passkey.use': { guard: 'isPasskeyOffered', target: 'usingPasskey' },
      },
    },
    submitting: {
      description:
        'docs/decisions/security.md: Step-up: POST /api/me/step_up, counted toward the lockout like a login check',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ context }) => proofOf(context),
        onDone: {
          target: 'proved',
          actions: [
            'forgetProof',
            { type: 'storeValidUntil', params: ({ event }) => ({ validUntil: event.output.validUntil }) },
          ],
        },
        onError: [
          {
            guard: 'needsCodeInstead',
            target: 'editing',
            actions: [{ type: 'switchMethod', params: { method: 'otpCode' } }, 'showRefusal'],
          },
          {
            guard: 'needsPasswordInstead',
            target: 'editing',
            actions: [{ type: 'switchMethod', params: { method: 'password' } }, 'showRefusal'],
          },
          { guard: 'isWrongProof', target: 'refused.wrongProof', actions: 'showRefusal' },
          { guard: 'isLocked', target: 'refused.locked', actions: 'showRefusal' },
          { guard: 'isRateLimited', target: 'refused.rateLimited', actions: 'showRefusal' },
          { target: 'refused.failed', actions: 'showRefusal' },
        ],
      },
    },
    usingPasskey: {
      description:
        "docs/decisions/security.md: Step-up by passkey: one of the user's own passkeys, user-verified, instead of the typed proof",
      tags: ['busy'],
      entry: 'clearErrors',
      initial: 'askingBrowser',
      states: {
        askingBrowser: {
          description:
            "docs/decisions/security.md: Step-up by passkey: POST /api/me/step_up/passkey/options (this user's passkeys, this session, 5 minutes), then the browser's passkey dialog",
          invoke: {
            id: 'askPasskey',
            src: 'askPasskey',
            onDone: {
              target: 'verifying',
              actions: { type: 'keepCredential', params: ({ event }) => ({ credential: event.output }) },
            },
            onError: [
              {
                guard: 'browserCancelled',
                target: '#stepUp.refused.passkeyCancelled',
                actions: { type: 'showPasskeyRefusal', params: { refusal: 'cancelled' } },
              },
              // The options call is rate limited like the password step-up; it locks nothing.
              { guard: 'isRateLimited', target: '#stepUp.refused.rateLimited', actions: 'showRefusal' },
              {
                target: '#stepUp.refused.passkeyInvalid',
                actions: { type: 'showPasskeyRefusal', params: { refusal: 'invalid' } },
              },
            ],
          },
        },
        verifying: {
          description:
            'docs/decisions/security.md: Step-up by passkey: POST /api/me/step_up/passkey checks the answer (origin, relying party, counter), counted toward the lockout',
          invoke: {
            id: 'verifyPasskey',
            src: 'verifyPasskey',
            input: ({ context }) => ({ credential: context.credential as PasskeyAuthenticationResponseWire }),
            onDone: {
              target: '#stepUp.proved',
              actions: {
                type: 'storeValidUntil',
                params: ({ event }) => ({ validUntil: event.output.validUntil }),
              },
            },
            onError: [
              { guard: 'isLocked', target: '#stepUp.refused.locked', actions: 'showRefusal' },
              { guard: 'isRateLimited', target: '#stepUp.refused.rateLimited', actions: 'showRefusal' },
              {
                target: '#stepUp.refused.passkeyInvalid',
                actions: { type: 'showPasskeyRefusal', params: { refusal: 'invalid' } },
              },
            ],
          },
          exit: 'forgetCredential',
        },
      },
    },
    refused: {
      description:
        'spec 8: the proof was refused; the form stays with what was typed, a change or a new submit goes on',
      on: {
        'field.change': { target: 'editing', actions: 'storeField' },
        // Nothing typed yet (the passkey was tried first): say what the field needs.
        'form.submit': [
          { guard: 'isProofValid', target: 'submitting' },
          { target: 'editing', actions: 'showValidationErrors' },
        ],
        'passkey.use': { guard: 'isPasskeyOffered', target: 'usingPasskey' },
      },
      initial: 'wrongProof',
      states: {
        wrongProof: {
          description:
            'docs/decisions/security.md: Step-up: a wrong password (unknown_credential_error) or code (unknown_auth_otp_code_error, auth_otp_clock_drift_error), under the field',
        },
        locked: {
          description:
            'docs/decisions/security.md: Lockout: too many failed proofs or logins; account_locked_error until the lock ends',
        },
        rateLimited: {
          description:
            'spec 8 rate_limited_error: too many tries from here; the same proof may be sent again later',
        },
        failed: {
          description: 'spec 8 unknown_server_error (or any other code): a retry sends what was typed again',
        },
        passkeyCancelled: {
          description:
            "docs/decisions/security.md: Step-up by passkey: the browser's dialog was closed or ran out of time; the passkey or the typed proof may be tried again",
        },
        passkeyInvalid: {
          description:
            'docs/decisions/security.md: Step-up by passkey: the passkey was refused (passkey_invalid_error, none left, a failed call); counted toward the lockout',
        },
      },
    },
    proved: {
      description:
        'docs/decisions/security.md: Step-up: the proof is accepted; the output says until when (10 minutes)',
      type: 'final',
    },
  },
});
