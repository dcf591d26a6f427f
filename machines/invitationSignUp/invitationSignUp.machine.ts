import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type {
  CheckInviteInput,
  InviteInfo,
  RegisterInviteInput,
  RegisterResult,
} from '../../api/contract/registration';
import { output } from '../form/output';
import { placedAsFieldError, refusalFrom } from '../form/refusal';
import { twoFactorSetupMachine, type VerifyInput } from '../twoFactorSetup/twoFactorSetup.machine';
import {
  callInput,
  hasToken,
  INVITATION_PLACES,
  initialContext,
  invitedChannel,
  invitedName,
  inviteEmail,
  isFormValid,
  isTokenRefusal,
  validationErrors,
} from './invitationSignUp.rules';
import type {
  InvitationSignUpContext,
  InvitationSignUpEvent,
  InvitationSignUpInput,
  InvitedChannel,
} from './invitationSignUp.types';

/**
 * spec 2 Register (invitation): the token is checked on load (an empty one is invalid before any call); no invite
 * info or a refused token is the invalid-token page. Then the form: name (prefilled), e-mail (read-only),
 * password, terms. When the organisation enforces two-factor the registration answers the setup payload
 * (spec 4 Invite registration: 'two factor not set up' keeps the payload) and the reusable two-factor setup runs
 * inline, its VERIFY & SAVE being the registration again with the code; its recovery codes show before leaving.
 * After registering the browser goes to the invited channel's URL.
 *
 * The outside world comes in through three actor slots and one effect:
 * - `checkInvite` (CheckInviteInput -> InviteInfo): GET /api/register?token, rejecting when there is no invite.
 * - `registerInvite` (RegisterInviteInput -> RegisterResult): POST /api/register with the token.
 * - `twoFactorSetup`: the reusable setup machine; this machine hands it the registration as `verifyWith`, so its
 *   `verify` slot is the same registration call (`verify: registerInviteAsVerify(registerInvite)`).
 * - `redirect` ({ channelSubdomain, organisationSubdomain }): the whole page goes to the invited channel's URL.
 */
export const invitationSignUpMachine = setup({
  types: {} as {
    context: InvitationSignUpContext;
    events: InvitationSignUpEvent;
    input: InvitationSignUpInput;
    tags: 'busy';
    children: {
      checkInvite: 'checkInvite';
      registerInvite: 'registerInvite';
      twoFactorSetup: 'twoFactorSetup';
    };
  },
  actors: {
    checkInvite: fromPromise<InviteInfo, CheckInviteInput>(async () => {
      throw new Error('actor checkInvite must be provided');
    }),
    registerInvite: fromPromise<RegisterResult, RegisterInviteInput>(async () => {
      throw new Error('actor registerInvite must be provided');
    }),
    // The real machine, whose own `verify` slot rejects until provided: the route provides the registration.
    twoFactorSetup: twoFactorSetupMachine,
  },
  guards: {
    isTokenMissing: ({ context }) => !hasToken(context),
    isFormValid: ({ context }) => isFormValid(context),
    isTokenRefused: ({ event }) => isTokenRefusal(failureOf(event)),
    /** spec 8: two_factor_auth_is_not_setup_error with a setup payload (this one, or one kept from before). */
    isSetupMissing: ({ context, event }) => {
      const failure = failureOf(event);
      return (
        failure.code === 'two_factor_auth_is_not_setup_error' &&
        (failure.twoFactorSetup ?? context.twoFactorSetup) !== undefined
      );
    },
  },
  actions: {
    storeInvite: assign((_, invite: InviteInfo) => ({ invite, screenName: invitedName(invite) })),
    changeField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } }
        : {},
    ),
    changeTerms: assign(({ context, event }) =>
      event.type === 'terms.change'
        ? { terms: event.checked, fieldErrors: { ...context.fieldErrors, terms: undefined } }
        : {},
    ),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
    })),
    clearErrors: assign({ error: undefined, fieldErrors: {} }),
    showRefusal: assign(({ event }) => placedAsFieldError(refusalFrom(failureOf(event), INVITATION_PLACES))),
    /** spec 4 Invite registration: the setup payload, kept across rejections that come without one. */
    keepSetupPayload: assign(({ context, event }) => ({
      twoFactorSetup: failureOf(event).twoFactorSetup ?? context.twoFactorSetup,
      error: undefined,
      fieldErrors: {},
    })),
    /** The password is not kept once the account exists or the invitation is gone. */
    forgetPassword: assign({ password: '' }),
    /** spec 2: the whole page goes to the invited channel's URL (built by the route: api/contract/urls.ts). An effect. */
    redirect: (_, _params: InvitedChannel) => {
      throw new Error('action redirect must be provided');
    },
  },
}).createMachine({
  id: 'invitationSignUp',
  description:
    'spec 2 Register (invitation): token checked on load, invalid-token page without invite info; name, read-only e-mail, password, terms; inline two-factor setup when the organisation enforces it; then the channel URL',
  context: ({ input }) => initialContext(input),
  initial: 'checking',
  states: {
    checking: {
      description:
        'spec 2 Register (invitation): the token is checked on load, a blank page meanwhile (no flash of the form); an empty token is invalid before any call',
      tags: ['busy'],
      always: { guard: 'isTokenMissing', target: 'invalidToken' },
      invoke: {
        id: 'checkInvite',
        src: 'checkInvite',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'editing', actions: { type: 'storeInvite', params: output } },
        // spec 2: no invite info (or any failure of the check) is the invalid-token page.
        onError: { target: 'invalidToken' },
      },
    },
    editing: {
      description:
        "spec 2 Register (invitation): 'Welcome to {organisation}', the invitee, name (prefilled), e-mail (read-only), password with strength bar, the organisation's terms; spec 5 checked on submit; spec 8 refusals under their fields or as a form error keeping every value",
      on: {
        'field.change': { actions: 'changeField' },
        'terms.change': { actions: 'changeTerms' },
        'form.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      description:
        'spec 3 Register: POST /api/register with token, email, pwd, screenName (spec 5: the code omitted while empty)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'registerInvite',
        src: 'registerInvite',
        input: ({ context }) => callInput(context),
        onDone: { target: 'redirecting', actions: 'forgetPassword' },
        onError: [
          { guard: 'isTokenRefused', target: 'invalidToken', actions: 'forgetPassword' },
          { guard: 'isSetupMissing', target: 'settingUpTwoFactor', actions: 'keepSetupPayload' },
          { target: 'editing', actions: 'showRefusal' },
        ],
      },
    },
    settingUpTwoFactor: {
      description:
        'spec 2 Register (invitation): the organisation enforces two-factor: the setup block inline (barcode, secret in groups of 3, 6-digit code); VERIFY & SAVE repeats the registration with the code as a number; recovery codes before leaving (docs/decisions/product.md: Invitation sign-up: the setup block, the mark, the channel address)',
      invoke: {
        id: 'twoFactorSetup',
        src: 'twoFactorSetup',
        input: ({ context }) => ({
          // isSetupMissing lets the machine in only with a payload.
          setup: context.twoFactorSetup!,
          ...(context.canCopy === undefined ? {} : { canCopy: context.canCopy }),
          reason: 'enforced' as const,
          account: inviteEmail(context),
          // VERIFY & SAVE is the registration again: the setup sends { ...verifyWith, otpCode } to `verify`.
          verifyWith: { ...callInput(context) },
        }),
        onDone: { target: 'redirecting', actions: 'forgetPassword' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
      on: {
        'details.edit': { target: 'editing' },
      },
    },
    redirecting: {
      description:
        "spec 2 Register (invitation): after registering the browser goes to the invited channel's URL (docs/decisions/product.md: Invitation sign-up: the setup block, the mark, the channel address)",
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => invitedChannel(context) },
    },
    invalidToken: {
      description:
        'spec 2 Register (invitation): the invalid-token page (spec 8 invite_token_invalid_error) with links to login and register',
      type: 'final',
    },
  },
});

/**
 * The registration call as the setup machine's `verify` slot. The setup sends `{ ...verifyWith, otpCode }`, and
 * this machine always sets verifyWith to the registration's input, so that input is a RegisterInviteInput; the
 * setup machine's own types cannot know it, hence the one cast, here, next to the wiring that makes it true.
 */
export const registerInviteAsVerify = (
  registerInvite: PromiseActorLogic<RegisterResult, RegisterInviteInput>,
): PromiseActorLogic<unknown, VerifyInput> =>
  registerInvite as unknown as PromiseActorLogic<unknown, VerifyInput>;
