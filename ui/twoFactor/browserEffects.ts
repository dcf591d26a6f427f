/**
 * The browser side of the two-factor setup's outside world: what the routes provide to twoFactorSetupMachine
 * (`twoFactorSetupMachine.provide(twoFactorSetupBrowserEffects)`). Kept out of the machine so it stays pure and
 * testable, and out of the view so the view only renders and sends. Written in the app's language
 * (browserEffectsFor.ts has the same for any Lingui instance).
 */
import { i18n } from '../../i18n/i18n';
import { twoFactorSetupEffectsFor } from './browserEffectsFor';

export { canCopyText, copyText, downloadText, printCodes } from './browserEffectsFor';

export const twoFactorSetupBrowserEffects = twoFactorSetupEffectsFor(i18n);
