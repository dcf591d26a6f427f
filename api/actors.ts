/**
 * The real implementations of the machines' actor slots: one fromPromise per api function, same name, the
 * function's single argument as the actor input. Provide them with
 * `machine.provide({ actors: { getTranslation: actors.getTranslation } })`.
 */
import { fromPromise } from 'xstate';
import * as auth from './auth';
import type { TranslationInput } from './contract';
import * as images from './images';
import * as lists from './lists';
import * as profile from './profile';
import * as registration from './registration';
import { getTranslation } from './translation';

/** fromPromise over an api function: the actor's input is the function's argument. */
const actorOf = <I, O>(call: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => call(input));
/** fromPromise over an api function without argument: the actor takes no input. */
const actorWithoutInput = <O>(call: () => Promise<O>) => fromPromise<O>(() => call());

export const actors = {
  // auth
  login: actorOf(auth.login),
  logout: actorWithoutInput(auth.logout),
  forgotPassword: actorOf(auth.forgotPassword),
  checkResetToken: actorOf(auth.checkResetToken),
  setNewPassword: actorOf(auth.setNewPassword),
  exchangeMagicLink: actorOf(auth.exchangeMagicLink),
  getTwoFactorSecret: actorWithoutInput(auth.getTwoFactorSecret),
  enableTwoFactor: actorOf(auth.enableTwoFactor),
  getRecoveryCodeCount: actorWithoutInput(auth.getRecoveryCodeCount),
  regenerateRecoveryCodes: actorWithoutInput(auth.regenerateRecoveryCodes),
  // profile
  getMe: actorWithoutInput(profile.getMe),
  saveProfile: actorOf(profile.saveProfile),
  // lists
  getChannels: actorWithoutInput(lists.getChannels),
  createChannel: actorOf(lists.createChannel),
  getOrganisations: actorWithoutInput(lists.getOrganisations),
  createOrganisation: actorOf(lists.createOrganisation),
  // registration
  checkInvite: actorOf(registration.checkInvite),
  registerCurator: actorOf(registration.registerCurator),
  registerInvite: actorOf(registration.registerInvite),
  checkCompanyId: actorOf(registration.checkCompanyId),
  checkCompanyPage: actorOf(registration.checkCompanyPage),
  registerCompanyPage: actorOf(registration.registerCompanyPage),
  confirmEmail: actorOf(registration.confirmEmail),
  // translation: input { locale }, as the language machine's slot declares it
  getTranslation: actorOf((input: TranslationInput) => getTranslation(input)),
  // images
  getUploadSignature: actorOf(images.getUploadSignature),
  uploadImage: actorOf(images.uploadImage),
  createImageRecord: actorOf(images.createImageRecord),
  deleteImage: actorOf(images.deleteImage),
};

export type ApiActors = typeof actors;
