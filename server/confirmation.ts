/** The e-mail confirmation mail (spec 2 Register, Start; spec 7 Confirm), sent by every sign-up: curator, invitation-less company id. */
import type { Locale } from '../api/contract/limits';
import type { AppDeps } from './deps';
import { sendMail } from './mail/send';
import { siteLink } from './siteLinks';
import { issueToken } from './tokens';

/** The site page the confirmation link opens (spec 2 /confirm). */
export const CONFIRM_PAGE = '/confirm';

export interface ConfirmationTarget {
  id: number;
  email: string;
  screenName: string;
}

/**
 * Issues a confirmation token (7 days; earlier ones stop working) remembering how the user came aboard and where
 * (GET /api/confirm answers both), and mails the link.
 */
export const sendConfirmation = async (
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  user: ConfirmationTarget,
  boarding: 'email' | 'companyId',
  organisationId: number | null,
  locale: Locale,
): Promise<void> => {
  const token = await issueToken(deps, { kind: 'confirm', userId: user.id, boarding, organisationId });
  const link = siteLink(deps.config, CONFIRM_PAGE, { token });
  await sendMail(deps, user.email, 'confirm', { link, screenName: user.screenName }, locale);
};
