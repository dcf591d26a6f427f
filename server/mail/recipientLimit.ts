/**
 * Mail per recipient (docs/decisions/security.md: Mail per recipient): every call that mails someone asks here first, so
 * that no number of source addresses, workers or restarts can bomb one mailbox. Counted per kind of mail, keyed by
 * a hash of the normalised address (the rate_limits table never holds an address in clear).
 */
import { hitPersistentLimit, type PersistentLimitDeps } from '../persistentLimit';
import type { RateLimitRule } from '../rateLimit';
import { countDigest } from '../security/countKeys';

/**
 * The kinds counted apart, so that a flood of one cannot block another: sign-in links (reset and magic links, one
 * route), e-mail confirmations (sign-ups, resends, the company-id notice), the welcome after a company-id
 * confirmation, invitations, security notices (docs/decisions/security.md: Security notices).
 */
export type MailKind = 'signIn' | 'confirm' | 'welcome' | 'invitation' | 'securityNotice';

const MINUTE = 60_000;
/** 3 mails per recipient and kind per 15 minutes, 10 per day. */
export const RECIPIENT_MAIL_LIMITS: readonly RateLimitRule[] = [
  { max: 3, windowMs: 15 * MINUTE },
  { max: 10, windowMs: 24 * 60 * MINUTE },
];

/** Case and outer spaces do not make another mailbox (the users table compares lower(email) too). */
export const normalisedAddress = (address: string): string => address.trim().toLowerCase();

export const recipientKey = (kind: MailKind, address: string): string =>
  `mail:${kind}:${countDigest(`e-mail ${normalisedAddress(address)}`)}`;

/** Counts a mail of this kind to this address; the seconds until it may be sent when over the limit, else null. */
export const recipientWait = (
  deps: PersistentLimitDeps,
  kind: MailKind,
  address: string,
): Promise<number | null> => hitPersistentLimit(deps, recipientKey(kind, address), RECIPIENT_MAIL_LIMITS);

/**
 * Counts a mail of this kind to this address; false when the recipient has had their share, and the caller then
 * sends nothing (and issues no token: it would travel nowhere).
 */
export const mayMail = async (deps: PersistentLimitDeps, kind: MailKind, address: string): Promise<boolean> =>
  (await recipientWait(deps, kind, address)) === null;
