import { assign, fromPromise, setup } from 'xstate';
import type { LoginInput, LoginResult } from '../../api/contract/auth';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { refusalFrom } from '../form/refusal';
import { twoFactorSetupMachine } from '../twoFactorSetup/twoFactorSetup.machine';
import {
  CODE_FORM_CODES,
  cleanedValue,
  FORM_FIELDS,
  formPlaces,
  isFormValid,
  loginResultOf,
  rememberedIf,
  validationErrors,
} from './login.rules';
import type { LoginContext, LoginEvent, LoginFormName, LoginMachineInput } from './login.types';

/**
 * The login call repeated with the password and the second factor of `form` (the one-time code or a recovery
 * code), with the remember box when ticked: a refused password goes back to the password form, any other refusal
 * back to `form`'s own form (`back`) with the server's words. The two states differ only in these.
 */
const submittingSecondFactor = <Back extends 'enteringCode' | 'enteringRecoveryCode'>(
  form: 'code' | 'recovery',
  back: Back,
  description: string,
) =>
  ({
    description,
    tags: ['busy'],
    entry: 'clearErrors',
    invoke: {
      id: 'login',
      src: 'login',
      input: ({ context }: { context: LoginContext }) => ({
        ...cleanedValue('password', context),
        ...cleanedValue(form, context),
        ...rememberedIf(context),
      }),
      onDone: { target: 'redirecting', actions: { type: 'storeRedirect', params: output } },
      onError: [
        {
          guard: 'isCredentialRefused',
          target: 'editingPassword',
          actions: { type: 'showRefusal', params: { form: 'password' } },
        },
        { target: back, actions: { type: 'showRefusal', params: { form } } },
      ],
    },
  }) as const;

/**
 * spec 4 Login: password form, then the one-time-code form on a missing or wrong code, the recovery-code form
 * by the user's choice (and back), the authenticator setup when two-factor is not set up (payload kept across
 * rejections). Reset clears payload, error and loading. Success redirects the whole page.
 *
 * The outside world comes in through two actor slots and one effect:
 * - `login` (LoginInput -> LoginResult): POST /api/login, rejecting with an ApiFailure-bearing error.
 * - `twoFactorSetup`: the reusable setup machine. This machine hands it the e-mail and password as `verifyWith`,
 *   so its `verify` slot is the login call again (api/actors.ts `loginAsVerify`): VERIFY & SAVE sends
 *   { email, password, otpCode }, and the login answer becomes the setup's output, then this machine's redirect.
 * - `redirect` ({ redirectUrl }): the whole-page navigation to redirectUrl, or to /me when it is null.
 * "Loading" is not a flag: it is being in a `submitting*` state (tag `busy`), so reset clears it by leaving.
 */
export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    events: LoginEvent;
    input: LoginMachineInput | undefined;
    tags: 'busy';
    /** Invoke id -> actor slot, so views get `snapshot.children.twoFactorSetup` typed as the setup machine. */
    children: { login: 'login'; twoFactorSetup: 'twoFactorSetup' };
  },
  actors: {
    login: fromPromise<LoginResult, LoginInput>(async () => {
      throw new Error('actor login must be provided');
    }),
    // The real machine, whose own `verify` slot rejects until provided: the route provides the login call as
    // verify (spec 2 Two-factor setup: VERIFY & SAVE repeats the login call with the code).
    twoFactorSetup: twoFactorSetupMachine,
  },
  guards: {
    isPasswordFormValid: ({ context }) => isFormValid('password', context),
    isCodeFormValid: ({ context }) => isFormValid('code', context),
    isRecoveryFormValid: ({ context }) => isFormValid('recovery', context),
    /** spec 8: two_factor_auth_is_not_setup_error with a setup payload (this one, or one kept from before). */
    isSetupMissing: ({ context, event }) => {
      const failure = failureOf(event);
      return (
        failure.code === 'two_factor_auth_is_not_setup_error' &&
        (failure.twoFactorSetup ?? context.twoFactorSetup) !== undefined
      );
    },
    /** spec 8: a missing or wrong one-time code (or one from a device whose clock is off). */
    needsCode: ({ event }) => CODE_FORM_CODES.includes(failureOf(event).code),
    /** spec 8: wrong credentials, shown under the password, so on the password form. */
    isCredentialRefused: ({ event }) => failureOf(event).code === 'unknown_credential_error',
  },
  actions: {
    /** Only the fields of the form on screen change: the credentials of a code submission stay what they were. */
    changeField: assign(({ context, event }, params: { form: LoginFormName }) => {
      if (event.type !== 'field.change' || !FORM_FIELDS[params.form].includes(event.field)) return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      const error = context.error?.field === event.field ? undefined : context.error;
      return { [event.field]: event.value, fieldErrors, error };
    }),
    /** docs/decisions/security.md: Remember this device: the box, sent with the code or the recovery code. */
    changeRemember: assign({
      rememberDevice: ({ context, event }) =>
        event.type === 'remember.change' ? event.checked : context.rememberDevice,
    }),
    showValidationErrors: assign(({ context }, params: { form: LoginFormName }) => ({
      fieldErrors: validationErrors(params.form, context),
      error: undefined,
    })),
    clearErrors: assign({ error: undefined, fieldErrors: {} }),
    /** spec 8: the refusal, under its field when the form `params.form` has it, else as a form error. */
    showRefusal: assign(({ event }, params: { form: LoginFormName }) =>
      refusalFrom(failureOf(event), formPlaces(params.form)),
    ),
    /**
     * spec 4: to the code form. A code that was asked for but not sent is the normal way there (the form's own
     * text says what to do), not an error; a wrong code is shown under the code field.
     */
    showCodeForm: assign(({ event }) => {
      const failure = failureOf(event);
      if (failure.code === 'auth_otp_code_is_required_error') return { error: undefined, fieldErrors: {} };
      return refusalFrom(failure, formPlaces('code'));
    }),
    /** spec 4: the setup payload, kept across rejections that come without one. */
    keepSetupPayload: assign(({ context, event }) => ({
      twoFactorSetup: failureOf(event).twoFactorSetup ?? context.twoFactorSetup,
      error: undefined,
      fieldErrors: {},
    })),
    forgetSetupPayload: assign({ twoFactorSetup: undefined }),
    storeRedirect: assign((_, result: LoginResult) => ({ redirectUrl: result.redirectUrl ?? null })),
    /** spec 4 Login reset: payload, error and loading cleared; the e-mail stays for the next attempt. */
    resetToLogin: assign({
      password: '',
      otpCode: '',
      recoveryOtpCode: '',
      rememberDevice: false,
      fieldErrors: {},
      error: undefined,
      twoFactorSetup: undefined,
    }),
    /** docs/decisions/product.md: Login names the account: 'Not you?' starts over with another e-mail. */
    forgetEmail: assign({ email: '' }),
    /** spec 2 Login: the whole page goes to redirectUrl or /me. An effect: provided by the route. */
    redirect: (_, _params: { redirectUrl: string | null }) => {
      throw new Error('action redirect must be provided');
    },
  },
}).createMachine({
  id: 'login',
  description:
    'spec 4 Login: password form, one-time-code form on a missing or wrong code, recovery form by choice, authenticator setup when two-factor is not set up; success redirects the whole page',
  context: ({ input }) => ({
    email: input?.email ?? '',
    password: '',
    otpCode: '',
    recoveryOtpCode: '',
    rememberDevice: false,
    fieldErrors: {},
    error: undefined,
    // docs/decisions/product.md: Forms that work before their scripts: the server's refusal of the page's own post.
    ...(input?.refused ? refusalFrom(input.refused, formPlaces('password')) : {}),
    twoFactorSetup: undefined,
    canCopy: input?.canCopy,
    redirectUrl: null,
  }),
  initial: 'editingPassword',
  on: {
    reset: { target: '.editingPassword', actions: 'resetToLogin' },
  },
  states: {
    editingPassword: {
      description: 'spec 2 Login: password form by default (e-mail and password, spec 5: both required)',
      on: {
        'field.change': { actions: { type: 'changeField', params: { form: 'password' } } },
        'form.submit': [
          { guard: 'isPasswordFormValid', target: 'submittingPassword' },
          { actions: { type: 'showValidationErrors', params: { form: 'password' } } },
        ],
      },
    },
    submittingPassword: {
      description:
        'spec 4 Login: the login call with e-mail and password; spec 5: submit disabled while loading',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => cleanedValue('password', context),
        onDone: { target: 'redirecting', actions: { type: 'storeRedirect', params: output } },
        onError: [
          { guard: 'isSetupMissing', target: 'settingUpTwoFactor', actions: 'keepSetupPayload' },
          { guard: 'needsCode', target: 'enteringCode', actions: 'showCodeForm' },
          { target: 'editingPassword', actions: { type: 'showRefusal', params: { form: 'password' } } },
        ],
      },
    },
    enteringCode: {
      description:
        'spec 2 Login: one-time-code form when the server reports a missing or wrong code (spec 5: exactly 6 digits); a link for users without their device; docs/decisions/product.md: Login names the account (Not you?); docs/decisions/security.md: Remember this device (the box)',
      on: {
        'field.change': { actions: { type: 'changeField', params: { form: 'code' } } },
        'remember.change': { actions: 'changeRemember' },
        'form.submit': [
          { guard: 'isCodeFormValid', target: 'submittingCode' },
          { actions: { type: 'showValidationErrors', params: { form: 'code' } } },
        ],
        'recovery.choose': { target: 'enteringRecoveryCode', actions: 'clearErrors' },
        'account.change': { target: 'editingPassword', actions: ['resetToLogin', 'forgetEmail'] },
      },
    },
    submittingCode: submittingSecondFactor(
      'code',
      'enteringCode',
      'spec 4 Login: the login call repeated with the one-time code (docs/decisions/security.md: Remember this device: with the box when ticked)',
    ),
    enteringRecoveryCode: {
      description:
        'spec 2 Login: recovery-code form on user choice (spec 5: exactly 6 characters), no-backup-code hint; back to the code form; docs/decisions/security.md: Remember this device (the box)',
      on: {
        'field.change': { actions: { type: 'changeField', params: { form: 'recovery' } } },
        'remember.change': { actions: 'changeRemember' },
        'form.submit': [
          { guard: 'isRecoveryFormValid', target: 'submittingRecoveryCode' },
          { actions: { type: 'showValidationErrors', params: { form: 'recovery' } } },
        ],
        back: { target: 'enteringCode', actions: 'clearErrors' },
      },
    },
    submittingRecoveryCode: submittingSecondFactor(
      'recovery',
      'enteringRecoveryCode',
      'spec 4 Login: the login call repeated with the recovery code instead of a one-time code (docs/decisions/security.md: Remember this device: with the box when ticked)',
    ),
    settingUpTwoFactor: {
      description:
        'spec 2 Two-factor setup (login): authenticator setup when two_factor_auth_is_not_setup_error arrives; VERIFY & SAVE repeats the login call with the code',
      invoke: {
        id: 'twoFactorSetup',
        src: 'twoFactorSetup',
        input: ({ context }) => ({
          // isSetupMissing lets the machine in only with a payload.
          setup: context.twoFactorSetup!,
          ...(context.canCopy === undefined ? {} : { canCopy: context.canCopy }),
          reason: 'enforced' as const,
          account: context.email.trim(),
          // VERIFY & SAVE is the login call again: the setup machine sends { ...verifyWith, otpCode } to `verify`.
          verifyWith: cleanedValue('password', context),
        }),
        // The setup's verify is the login call again: its output is the login's answer.
        onDone: {
          target: 'redirecting',
          actions: { type: 'storeRedirect', params: ({ event }) => loginResultOf(event.output) },
        },
        onError: {
          target: 'editingPassword',
          actions: [
            { type: 'showRefusal', params: { form: 'password' } },
            assign({ twoFactorSetup: undefined }),
          ],
        },
      },
    },
    redirecting: {
      description:
        'spec 2 Login: after success the whole page goes to the server-given redirectUrl or to /me',
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ redirectUrl: context.redirectUrl }) },
    },
  },
});
