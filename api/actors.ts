/**
 * The real implementations of the machines' actor slots: one fromPromise per api function, same name, the
 * function's single argument as the actor input. Provide them with
 * `machine.provide({ actors: { getTranslation } })` with `import { getTranslation } from 'api/actors'`.
 * Each actor is its own pure export, so a screen's chunk carries only the calls it uses (first-load budget).
 */
import { fromPromise } from 'xstate';
import * as auth from './auth';
import type {
  Channel,
  EntryKind,
  ImageRef,
  LoginResult,
  Organisation,
  PasskeyAuthenticationResponseWire,
  PasskeyCreationOptionsWire,
  PasskeyRegistrationResponseWire,
  TranslationInput,
  UploadAvatarInput,
} from './contract';
import { loginInputOf } from './contract/auth';
import * as images from './images';
import * as lists from './lists';
import * as ceremony from './passkeyCeremony';
import * as passkeys from './passkeys';
import * as profile from './profile';
import * as recovery from './recovery';
import * as registration from './registration';
import * as security from './security';
import * as securityActivity from './securityActivity';
import * as translation from './translation';

/** fromPromise over an api function: the actor's input is the function's argument. */
const actorOf = <I, O>(call: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => call(input));
/** fromPromise over an api function without argument: the actor takes no input. */
const actorWithoutInput = <O>(call: () => Promise<O>) => fromPromise<O>(() => call());

// auth
export const login = /* @__PURE__ */ actorOf(auth.login);
export const forgotPassword = /* @__PURE__ */ actorOf(auth.forgotPassword);
export const checkResetToken = /* @__PURE__ */ actorOf(auth.checkResetToken);
export const setNewPassword = /* @__PURE__ */ actorOf(auth.setNewPassword);
export const exchangeMagicLink = /* @__PURE__ */ actorOf(auth.exchangeMagicLink);
export const getTwoFactorSecret = /* @__PURE__ */ actorWithoutInput(auth.getTwoFactorSecret);
export const getRecoveryCodeCount = /* @__PURE__ */ actorWithoutInput(auth.getRecoveryCodeCount);
export const regenerateRecoveryCodes = /* @__PURE__ */ actorOf(auth.regenerateRecoveryCodes);
/**
 * The profile's two-factor setup `verify` slot (spec 7 Two-factor setup: VERIFY & SAVE is POST /api/me/2fa). The
 * slot is typed by the setup machine (input { otpCode, ...what its parent adds }, output unknown).
 */
/** The setup's `verify` slot at login: the login call again, with the code (spec 2 Two-factor setup). */
export const loginAsVerify = /* @__PURE__ */ fromPromise<
  unknown,
  Record<string, unknown> & { otpCode: string }
>(({ input }) => auth.login(loginInputOf(input)));
export const enableTwoFactorAsVerify = /* @__PURE__ */ fromPromise<
  unknown,
  Record<string, unknown> & { otpCode: string }
>(({ input }) => auth.enableTwoFactor({ otpCode: input.otpCode }));
// profile
export const saveProfile = /* @__PURE__ */ actorOf(profile.saveProfile);
export const resendConfirmation = /* @__PURE__ */ actorWithoutInput(profile.resendConfirmation);
// lists
export const getChannels = /* @__PURE__ */ actorWithoutInput(lists.getChannels);
export const getOrganisations = /* @__PURE__ */ actorWithoutInput(lists.getOrganisations);
/**
 * A creation form's slot (spec 4: POST /api/channels or /api/organisations). The form shows links to what it
 * created, which are the site's URLs: the caller, who knows the site's environment, shapes the answer.
 */
export const createEntryOf = <T>(
  kind: EntryKind,
  shape: { channel: (created: Channel) => T; organisation: (created: Organisation) => T },
) =>
  fromPromise<T, { name: string; subdomain: string }>(async ({ input }) =>
    kind === 'channel'
      ? shape.channel(await lists.createChannel(input))
      : shape.organisation(await lists.createOrganisation(input)),
  );
// registration
export const checkInvite = /* @__PURE__ */ actorOf(registration.checkInvite);
export const registerCurator = /* @__PURE__ */ actorOf(registration.registerCurator);
export const registerInvite = /* @__PURE__ */ actorOf(registration.registerInvite);
export const checkCompanyId = /* @__PURE__ */ actorOf(registration.checkCompanyId);
export const checkCompanyPage = /* @__PURE__ */ actorOf(registration.checkCompanyPage);
export const registerCompanyPage = /* @__PURE__ */ actorOf(registration.registerCompanyPage);
export const confirmEmail = /* @__PURE__ */ actorOf(registration.confirmEmail);
// translation: input { locale }, as the language machine's slot declares it
export const getTranslation = /* @__PURE__ */ actorOf((input: TranslationInput) =>
  translation.getTranslation(input),
);
// images
/** Stopped with its machine state (Cancel, another file): the upload is aborted through the actor's signal. */
export const uploadAvatar = /* @__PURE__ */ fromPromise<ImageRef, UploadAvatarInput>(({ input, signal }) =>
  images.uploadAvatar(input, signal),
);
export const deleteImages = /* @__PURE__ */ actorOf(images.deleteImages);
// security centre: step-up (every sensitive change), password, e-mail address, deleting the account
export const stepUp = /* @__PURE__ */ actorOf(security.stepUp);
export const changePassword = /* @__PURE__ */ actorOf(security.changePassword);
export const changeEmail = /* @__PURE__ */ actorOf(security.changeEmail);
export const deleteAccount = /* @__PURE__ */ actorOf(security.deleteAccount);
// passkeys (docs/decisions/security.md: Passkeys): the browser's ceremonies, lazy inside api/passkeyCeremony.ts
export const detectPasskeySupport = /* @__PURE__ */ actorWithoutInput(ceremony.detectPasskeySupport);
export const askBrowserForPasskey = /* @__PURE__ */ actorWithoutInput(ceremony.askBrowserForPasskey);
/** Stopped with its machine state (the button, leaving the page): the pending autofill request is cancelled. */
export const autofillPasskey = /* @__PURE__ */ fromPromise<PasskeyAuthenticationResponseWire>(({ signal }) =>
  ceremony.autofillPasskey(signal),
);
export const verifyPasskey = /* @__PURE__ */ fromPromise<
  LoginResult,
  { credential: PasskeyAuthenticationResponseWire }
>(({ input }) => passkeys.passkeyLogin(input.credential));
/** /me's passkeys: the list, rename, remove, and adding one (options, the browser's ceremony, the register call). */
export const getPasskeys = /* @__PURE__ */ actorWithoutInput(passkeys.getPasskeys);
export const renamePasskey = /* @__PURE__ */ actorOf(passkeys.renamePasskey);
export const removePasskey = /* @__PURE__ */ actorOf(passkeys.removePasskey);
export const passkeyRegistrationOptions = /* @__PURE__ */ actorWithoutInput(
  passkeys.passkeyRegistrationOptions,
);
/** Stopped with its machine state (Cancel, leaving the page): the browser's dialog is closed. */
export const createPasskey = /* @__PURE__ */ fromPromise<
  PasskeyRegistrationResponseWire,
  { options: PasskeyCreationOptionsWire }
>(({ input, signal }) => ceremony.createPasskey(input.options, signal));
export const addPasskey = /* @__PURE__ */ actorOf(passkeys.addPasskey);
/**
 * The step-up by passkey (docs/decisions/security.md: Step-up): whether to offer it (this browser has WebAuthn and the
 * user has a passkey: their list), the browser's dialog for their passkeys, and the check.
 */
export const hasPasskeyForStepUp = /* @__PURE__ */ actorWithoutInput(
  async () => ceremony.hasWebAuthn() && (await passkeys.getPasskeys()).length > 0,
);
export const askBrowserForStepUp = /* @__PURE__ */ fromPromise<PasskeyAuthenticationResponseWire>(
  ({ signal }) => ceremony.askBrowserForStepUp(signal),
);
export const passkeyStepUp = /* @__PURE__ */ fromPromise<
  { validUntil: string },
  { credential: PasskeyAuthenticationResponseWire }
>(({ input }) => passkeys.passkeyStepUp(input.credential));
// security centre: sessions and devices
export const getSessions = /* @__PURE__ */ actorWithoutInput(security.getSessions);
export const endSession = /* @__PURE__ */ actorOf(security.endSession);
export const endOtherSessions = /* @__PURE__ */ actorWithoutInput(security.endOtherSessions);
export const getRememberedDevices = /* @__PURE__ */ actorWithoutInput(security.getRememberedDevices);
export const forgetRememberedDevice = /* @__PURE__ */ actorOf(security.forgetRememberedDevice);
// security centre: the account's recent security activity
export const getSecurityActivity = /* @__PURE__ */ actorOf(securityActivity.getSecurityActivity);
export const exportAccountData = /* @__PURE__ */ actorWithoutInput(securityActivity.exportAccountData);
// security centre: the e-mail change links
export const confirmEmailChange = /* @__PURE__ */ actorOf(security.confirmEmailChange);
export const undoEmailChange = /* @__PURE__ */ actorOf(security.undoEmailChange);
// the recovery review (docs/decisions/security.md: Recovery review)
export const getRecoveryReview = /* @__PURE__ */ actorOf(recovery.getRecoveryReview);
export const keepRecoveryPasskey = /* @__PURE__ */ actorOf(recovery.keepRecoveryPasskey);
export const removeRecoveryPasskey = /* @__PURE__ */ actorOf(recovery.removeRecoveryPasskey);
export const removeRecoveryAuthenticator = /* @__PURE__ */ actorOf(recovery.removeRecoveryAuthenticator);
export const finishRecoveryReview = /* @__PURE__ */ actorOf(recovery.finishRecoveryReview);
