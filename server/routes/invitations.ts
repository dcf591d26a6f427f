/**
 * POST /api/invitations (ours; spec 6): a channel admin invites someone into that channel with one of the invite
 * roles, and the invitation mail (the seed's template) goes to the invitee. The answer never carries the token: it
 * only travels in the mail. Limits (docs/decisions/product.md: Invitations by the API): per inviter, and the per-recipient
 * mail limit every mail has.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { rowIdOf } from '../../api/contract/common';
import { type CreateInvitationAnswerWire, CreateInvitationRequestWire } from '../../api/contract/invitations';
import { CHANNEL_ROLE_IDS, SIGNUP_NAME_MAX } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { brandOf } from '../brand/organisationBrand';
import type { Database } from '../db/client';
import { channels, memberships, organisations } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { REGISTER_PAGE, replaceInvitation } from '../invitations';
import { requestLocale } from '../mail/locale';
import { recipientWait } from '../mail/recipientLimit';
import { sendMail } from '../mail/send';
import { hitPersistentLimit } from '../persistentLimit';
import type { RateLimitRule } from '../rateLimit';
import { authenticated } from '../sessions';
import { siteLink } from '../siteLinks';
import { storableOnly } from '../storableText';

const MINUTE = 60_000;
/**
 * Invitations one account may send: enough for an admin filling a team in one sitting, few enough that an account
 * cannot fill the invitations table or the outbox (each row is small; 100 a day per confirmed account).
 */
export const INVITER_LIMITS: readonly RateLimitRule[] = [
  { max: 20, windowMs: 15 * MINUTE },
  { max: 100, windowMs: 24 * 60 * MINUTE },
];

/** The channel and its organisation when the user holds the channel's admin role in it; null otherwise. */
const channelAdministeredBy = async (db: Database, userId: number, channelId: number) => {
  const [found] = await db
    .select({ channel: channels, organisation: organisations })
    .from(memberships)
    .innerJoin(channels, eq(channels.id, memberships.channelId))
    .innerJoin(organisations, eq(organisations.id, channels.organisationId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.channelId, channelId),
        eq(memberships.roleId, CHANNEL_ROLE_IDS.admin),
      ),
    )
    .limit(1);
  return found ?? null;
};

/** The greeting when the inviter gives no name: the address's name part (the invitee can change it at sign-up). */
const nameFromAddress = (email: string): string => (email.split('@')[0] ?? email).slice(0, SIGNUP_NAME_MAX);

const rateLimited = (retryAfter: number) =>
  fail('rate_limited_error', {}, { 'Retry-After': String(retryAfter) });

export const invitationRoutes = (deps: AppDeps) => {
  const { db, config } = deps;

  return new Hono<AppEnv>().post(API_PATHS.createInvitation.path, authenticated(deps), async (c) => {
    const inviter = c.var.user;
    const body = storableOnly(await readJson(c, CreateInvitationRequestWire));
    const channelId = rowIdOf(body.channelId);
    // One answer for an unknown channel, another organisation's, one the caller only reads or edits, an archived
    // one, and an inviter whose own address is unconfirmed (mail in the site's name needs a proven sender).
    const place = channelId === undefined ? null : await channelAdministeredBy(db, inviter.id, channelId);
    if (!place || place.channel.archived || inviter.confirmedAt === null) throw fail('forbidden_error');

    const inviterWait = await hitPersistentLimit(deps, `inviter:${inviter.id}`, INVITER_LIMITS);
    if (inviterWait !== null) throw rateLimited(inviterWait);
    // The inviter is signed in and learns nothing about an account here; the invitation is not made, since its
    // token could travel nowhere.
    const recipientBusy = await recipientWait(deps, 'invitation', body.email);
    if (recipientBusy !== null) throw rateLimited(recipientBusy);

    const roleId = CHANNEL_ROLE_IDS[body.role];
    const screenName = body.screenName ?? nameFromAddress(body.email);
    const { token, row } = await replaceInvitation(deps, {
      organisationId: place.organisation.id,
      channelId: place.channel.id,
      roleId,
      email: body.email,
      screenName,
      isReader: roleId === CHANNEL_ROLE_IDS.reader,
      inviterId: inviter.id,
    });
    await sendMail(
      deps,
      body.email,
      'invitation',
      {
        link: siteLink(config, REGISTER_PAGE, { token }),
        screenName,
        inviterName: inviter.screenName,
        organisationName: place.organisation.name,
        channelName: place.channel.name,
        reader: roleId === CHANNEL_ROLE_IDS.reader,
      },
      requestLocale(c),
      brandOf(place.organisation, config.siteUrl),
    );
    const answer: CreateInvitationAnswerWire = {
      id: row.id,
      channelId: place.channel.id,
      email: row.email,
      role: body.role,
      expires: row.expiresAt.toISOString(),
    };
    return c.json(answer, 201);
  });
};
