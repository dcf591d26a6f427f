/**
 * The real implementations of the machines' actor slots: one fromPromise per api function, same name, the
 * function's single argument as the actor input. Provide them with
 * `machine.provide({ actors: { getTranslation } })` with `import { getTranslation } from 'api/actors'`.
 * Each actor is its own pure export, so a screen's chunk carries only the calls it uses (first-load budget).
 */
import { fromPromise } from 'xstate';
import * as auth from './auth';
import type { ImageRef, TranslationInput, UploadAvatarInput } from './contract';
import * as images from './images';
import * as lists from './lists';
import * as profile from './profile';
import * as registration from './registration';
import * as translation from './translation';

/** fromPromise over an api function: the actor's input is the function's argument. */
const actorOf = <I, O>(call: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => call(input));
/** fromPromise over an api function without argument: the actor takes no input. */
const actorWithoutInput = <O>(call: () => Promise<O>) => fromPromise<O>(() => call());

// auth
export const login = /* @__PURE__ */ actorOf(auth.login);
export const logout = /* @__PURE__ */ actorWithoutInput(auth.logout);
export const forgotPassword = /* @__PURE__ */ actorOf(auth.forgotPassword);
export const checkResetToken = /* @__PURE__ */ actorOf(auth.checkResetToken);
export const setNewPassword = /* @__PURE__ */ actorOf(auth.setNewPassword);
export const exchangeMagicLink = /* @__PURE__ */ actorOf(auth.exchangeMagicLink);
export const getTwoFactorSecret = /* @__PURE__ */ actorWithoutInput(auth.getTwoFactorSecret);
export const enableTwoFactor = /* @__PURE__ */ actorOf(auth.enableTwoFactor);
export const getRecoveryCodeCount = /* @__PURE__ */ actorWithoutInput(auth.getRecoveryCodeCount);
export const regenerateRecoveryCodes = /* @__PURE__ */ actorWithoutInput(auth.regenerateRecoveryCodes);
// profile
export const getMe = /* @__PURE__ */ actorWithoutInput(profile.getMe);
export const saveProfile = /* @__PURE__ */ actorOf(profile.saveProfile);
export const resendConfirmation = /* @__PURE__ */ actorWithoutInput(profile.resendConfirmation);
// lists
export const getChannels = /* @__PURE__ */ actorWithoutInput(lists.getChannels);
export const createChannel = /* @__PURE__ */ actorOf(lists.createChannel);
export const getOrganisations = /* @__PURE__ */ actorWithoutInput(lists.getOrganisations);
export const createOrganisation = /* @__PURE__ */ actorOf(lists.createOrganisation);
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
export const getUploadSignature = /* @__PURE__ */ actorOf(images.getUploadSignature);
export const uploadImage = /* @__PURE__ */ actorOf(images.uploadImage);
export const createImageRecord = /* @__PURE__ */ actorOf(images.createImageRecord);
export const deleteImage = /* @__PURE__ */ actorOf(images.deleteImage);
/** Stopped with its machine state (Cancel, another file): the upload is aborted through the actor's signal. */
export const uploadAvatar = /* @__PURE__ */ fromPromise<ImageRef, UploadAvatarInput>(({ input, signal }) =>
  images.uploadAvatar(input, signal),
);
export const deleteImages = /* @__PURE__ */ actorOf(images.deleteImages);

/** Every actor by name, for tests and tools that want the whole set. */
export const actors = {
  login,
  logout,
  forgotPassword,
  checkResetToken,
  setNewPassword,
  exchangeMagicLink,
  getTwoFactorSecret,
  enableTwoFactor,
  getRecoveryCodeCount,
  regenerateRecoveryCodes,
  getMe,
  saveProfile,
  resendConfirmation,
  getChannels,
  createChannel,
  getOrganisations,
  createOrganisation,
  checkInvite,
  registerCurator,
  registerInvite,
  checkCompanyId,
  checkCompanyPage,
  registerCompanyPage,
  confirmEmail,
  getTranslation,
  getUploadSignature,
  uploadImage,
  createImageRecord,
  deleteImage,
  uploadAvatar,
  deleteImages,
};

export type ApiActors = typeof actors;
