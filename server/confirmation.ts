/** The e-mail confirmation mail (spec 2 Register, Start; spec 7 Confirm), sent by every sign-up: curator, invitation-less company id. */
import type { Locale } from '../api/contract/limits';
import { readOrganisationBrand } from './brand/organisationBrand';
import type { AppDeps } from './deps';
import { mayMail } from './mail/recipientLimit';
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
 * Issues a confirmation token (7 days; a few earlier ones keep working, tokens.ts) remembering how the user came
 * aboard and where (GET /api/confirm answers both), and mails the link, under the organisation's header when the
 * sign-up was in one (docs/decisions/product.md: Organisation branding comes from its data). Past the recipient's
 * share of confirmation mails (docs/decisions/security.md: Mail per recipient) it issues and sends nothing and
 * answers false; callers answer as they otherwise would where a different answer would tell whether an account
 * exists.
 */
export const sendConfirmation = async (
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  user: ConfirmationTarget,
  boarding: 'email' | 'companyId',
  organisationId: number | null,
  locale: Locale,
): Promise<boolean> => {
  if (!(await mayMail(deps, 'confirm', user.email))) return false;
  const link = await confirmationLink(deps, user, boarding, organisationId);
  const brand = await readOrganisationBrand(deps.db, organisationId, deps.config.siteUrl);
  await sendMail(deps, user.email, 'confirm', { link, screenName: user.screenName }, locale, brand);
  return true;
};

/**
 * A company-id registration is pending at this address and someone registered the same employee with another
 * one (docs/decisions/security.md: A pending company-id sign-up stays with its address): the pending address is told, with
 * a fresh confirmation link, so the employee finishes from their own mailbox. Counts as a confirmation mail.
 */
export const sendPendingRegistrationNotice = async (
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  user: ConfirmationTarget,
  organisation: { id: number; name: string },
  locale: Locale,
): Promise<boolean> => {
  if (!(await mayMail(deps, 'confirm', user.email))) return false;
  const link = await confirmationLink(deps, user, 'companyId', organisation.id);
  await sendMail(
    deps,
    user.email,
    'companyIdPending',
    { link, screenName: user.screenName, organisationName: organisation.name },
    locale,
    await readOrganisationBrand(deps.db, organisation.id, deps.config.siteUrl),
  );
  return true;
};

const confirmationLink = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: ConfirmationTarget,
  boarding: 'email' | 'companyId',
  organisationId: number | null,
): Promise<string> => {
  const token = await issueToken(deps, { kind: 'confirm', userId: user.id, boarding, organisationId });
  return siteLink(deps.config, CONFIRM_PAGE, { token });
};
