import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_LOCALE } from '../../api/contract/limits';

export interface RecoveryCodesFileInput {
  /** The codes, one a line (recoveryCodesText). */
  text: string;
  /** Whose codes (the e-mail); the file says only the site without it. */
  account: string | undefined;
  /** Where they open an account (the site's host), so a file found later tells where it belongs. */
  site: string;
  /** When they were saved: a newer setup replaces them, so the date tells which file is the live one. */
  date: Date;
}

/** The saved .txt: a heading line naming the site, the account and the date, what the codes are for, the codes. */
export function recoveryCodesFile(i18n: I18n, { text, account, site, date }: RecoveryCodesFileInput): string {
  const day = new Intl.DateTimeFormat(i18n.locale || DEFAULT_LOCALE, { dateStyle: 'long' }).format(date);
  const heading = account
    ? i18n._(msg`Recovery codes for ${account} at ${site}, saved on ${day}.`)
    : i18n._(msg`Recovery codes for ${site}, saved on ${day}.`);
  const use = i18n._(
    msg`Each code logs you in once when you cannot use your authenticator app. Keep them somewhere safe.`,
  );
  return `${heading}\n${use}\n\n${text}`;
}
