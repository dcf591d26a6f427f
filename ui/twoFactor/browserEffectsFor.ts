/**
 * The browser side of the two-factor setup's outside world, for a given Lingui instance (the saved file is
 * written in the user's language). It does not import the app's i18n module, so /me (which takes the instance
 * from `useLingui`) can use it without pulling that module, and the chunks it shares with /login, into its own
 * graph (first-load budgets, scripts/size.ts). browserEffects.ts binds it to the app's instance for the routes.
 */
import type { I18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import type { RecoveryCodesDownload } from '../../machines/twoFactorSetup/twoFactorSetup.types';
import { recoveryCodesFile } from './recoveryCodesFile';

/**
 * spec 2 'where copying is supported': the async clipboard exists. Browsers expose it in secure contexts only
 * (https, localhost), so its presence is the whole test.
 */
export function canCopyText(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}

/** Rejects when the clipboard is missing or refuses (no permission, page not focused). */
export async function copyText(text: string): Promise<void> {
  if (!canCopyText()) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/** Saves `text` as a plain-text file through a temporary a[download]. */
export function downloadText({ filename, text }: { filename: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Prints the page; the recovery-codes panel's print stylesheet (twoFactor.css) hides everything else, so the
 * translated heading and the codes are what lands on paper, with no pop-up to be blocked.
 */
export function printCodes(): void {
  window.print();
}

/** Everything twoFactorSetupMachine needs from the browser, in the shape `provide` takes. */
export const twoFactorSetupEffectsFor = (i18n: I18n) => ({
  actors: {
    copyText: fromPromise<void, { text: string }>(({ input }) => copyText(input.text)),
  },
  actions: {
    downloadText: (_: unknown, { filename, text, account }: RecoveryCodesDownload) =>
      downloadText({
        filename,
        text: recoveryCodesFile(i18n, { text, account, site: window.location.host, date: new Date() }),
      }),
    printCodes: () => printCodes(),
  },
});
