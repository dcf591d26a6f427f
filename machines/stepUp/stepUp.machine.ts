import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import {
  asksForCode,
  asksForPassword,
  isProofValid,
  isWrongProof,
  proofOf,
  STEP_UP_PLACES,
  validationErrors,
} from './stepUp.rules';
import type {
  StepUpContext,
  StepUpEvent,
  StepUpInput,
  StepUpMachineInput,
  StepUpMethod,
  StepUpOutput,
} from './stepUp.types';

export type { StepUpContext, StepUpEvent, StepUpMachineInput, StepUpOutput } from './stepUp.types';

/**
 * docs/decisions.md: Step-up. A child machine for every sensitive change of the security centre (password, e-mail,
 * deleting the account, passkeys): it asks for the proof (the password, or a current one-time code for an account
 * with two-factor), calls POST /api/me/step_up and is done when the proof is accepted; its output says until when.
 * A parent invokes it when the server answers step_up_required_error (or up front) and sends its change again
 * when it is done, as twoFactorPanel invokes twoFactorSetup.
 *
 * Outside world: the actor slot `stepUp` (StepUpInput -> { validUntil }), rejecting with an ApiFailure.
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
  },
  actions: {
    storeField: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: {}, error: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
    })),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), STEP_UP_PLACES)),
    switchMethod: assign((_, params: { method: StepUpMethod }) => ({ method: params.method })),
    storeValidUntil: assign((_, params: { validUntil: string }) => ({ validUntil: params.validUntil })),
    /** The proof is not kept once it has done its work. */
    forgetProof: assign({ password: '', otpCode: '' }),
  },
}).createMachine({
  id: 'stepUp',
  description:
    "docs/decisions.md: Step-up: 'Confirm it's you' with the password, or a one-time code for an account with two-factor, before a sensitive change",
  context: ({ input }) => ({
    method: input.twoFactorEnabled ? 'otpCode' : 'password',
    password: '',
    otpCode: '',
    fieldErrors: {},
    error: undefined,
    validUntil: undefined,
  }),
  output: ({ context }) => ({ validUntil: context.validUntil ?? '' }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'docs/decisions.md: Step-up: the password (spec 5 Login: required), or the 6-digit code (spec 5 One-time code) when the profile says two-factor is on',
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [{ guard: 'isProofValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      description:
        'docs/decisions.md: Step-up: POST /api/me/step_up, counted toward the lockout like a login check',
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
    refused: {
      description:
        'spec 8: the proof was refused; the form stays with what was typed, a change or a new submit goes on',
      on: {
        'field.change': { target: 'editing', actions: 'storeField' },
        'form.submit': { guard: 'isProofValid', target: 'submitting' },
      },
      initial: 'wrongProof',
      states: {
        wrongProof: {
          description:
            'docs/decisions.md: Step-up: a wrong password (unknown_credential_error) or code (unknown_auth_otp_code_error, auth_otp_clock_drift_error), under the field',
        },
        locked: {
          description:
            'docs/decisions.md: Lockout: too many failed proofs or logins; account_locked_error until the lock ends',
        },
        rateLimited: {
          description:
            'spec 8 rate_limited_error: too many tries from here; the same proof may be sent again later',
        },
        failed: {
          description: 'spec 8 unknown_server_error (or any other code): a retry sends what was typed again',
        },
      },
    },
    proved: {
      description:
        'docs/decisions.md: Step-up: the proof is accepted; the output says until when (10 minutes)',
      type: 'final',
    },
  },
});
