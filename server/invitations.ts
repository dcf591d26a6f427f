/**
 * Invitations (spec 6: they tie a sign-up to one organisation and channel, with one role). The raw token only
 * travels in the invitation mail; the table keeps its sha-256 (tokens.ts hashToken).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { InviteInfoWire } from '../api/contract/registration';
import { brandOf } from './brand/organisationBrand';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { channels, invitations, organisations, users } from './db/schema';
import { channelUrl } from './places';
import type { KeyRing } from './security/serverKey';
import { openTotpSecret, sealTotpSecret } from './security/totpSecrets';
import { termsOf } from './terms/organisationTerms';
import { hashToken, newToken, TOKEN_TTL_MS } from './tokens';

/** The site page an invitation link opens (spec 2 Register with a token). */
export const REGISTER_PAGE = '/register';

export interface OpenInvitation {
  invitation: typeof invitations.$inferSelect;
  organisation: typeof organisations.$inferSelect;
  channel: typeof channels.$inferSelect;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The unused, unexpired invitation of a raw token, with its organisation and channel; null otherwise. */
export const findOpenInvitation = async (
  db: Database,
  raw: string,
  now: Date,
): Promise<OpenInvitation | null> => {
  const [found] = await db
    .select({ invitation: invitations, organisation: organisations, channel: channels })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .innerJoin(channels, eq(channels.id, invitations.channelId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(raw)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, at(now)),
      ),
    )
    .limit(1);
  return found ?? null;
};

/**
 * Uses the invitation up in one conditional UPDATE (two parallel sign-ups with one token: one wins). False when
 * it was used in the meantime.
 */
export const useInvitation = async (db: Database, invitationId: number, now: Date): Promise<boolean> => {
  const [used] = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  return used !== undefined;
};

/**
 * The secret an enforcing organisation's invitee sets up before the account exists: the one already handed out
 * (so a retry shows the same QR code, spec 4 'payload kept'), else a new one stored with a conditional UPDATE so
 * two parallel first calls agree on one secret. Stored sealed and bound to the invitation (totpSecrets.ts); a
 * stored value that does not open here is replaced like a missing one.
 */
export const invitationTotpSecret = async (
  db: Database,
  keys: KeyRing,
  invitation: typeof invitations.$inferSelect,
  newSecret: () => string,
): Promise<string> => {
  const column = 'invitations.totp_pending_secret';
  const kept = openTotpSecret(keys, column, invitation.id, invitation.totpPendingSecret);
  if (kept) return kept;
  const unusable = invitation.totpPendingSecret;
  await db
    .update(invitations)
    .set({ totpPendingSecret: sealTotpSecret(keys, column, invitation.id, newSecret()) })
    .where(
      and(
        eq(invitations.id, invitation.id),
        unusable === null
          ? isNull(invitations.totpPendingSecret)
          : eq(invitations.totpPendingSecret, unusable),
      ),
    );
  const [stored] = await db
    .select({ secret: invitations.totpPendingSecret })
    .from(invitations)
    .where(eq(invitations.id, invitation.id));
  const secret = openTotpSecret(keys, column, invitation.id, stored?.secret ?? null);
  if (!secret) throw new Error('invitation secret vanished');
  return secret;
};

/**
 * The invitee's account takes the invitation's secret: sealed again for the new user row (its id is the
 * associated data), and the invitation's copy cleared, as it is no longer needed.
 */
export const giveInvitationSecret = async (
  db: Database,
  keys: KeyRing,
  invitationId: number,
  userId: number,
  secret: string,
): Promise<void> => {
  const totpSecret = sealTotpSecret(keys, 'users.totp_secret', userId, secret);
  await db.update(users).set({ totpSecret }).where(eq(users.id, userId));
  await db.update(invitations).set({ totpPendingSecret: null }).where(eq(invitations.id, invitationId));
};

/** GET /api/register?token answer body (spec 3 Invite info). */
export const toInviteInfoWire = (
  config: Pick<ServerConfig, 'siteUrl' | 'platformHost'>,
  { invitation, organisation, channel }: OpenInvitation,
  /** Where the page that asks loads the logo from (server/http/requestOrigin.ts). */
  origin: string,
): InviteInfoWire => ({
  user: {
    screenName: invitation.screenName,
    email: invitation.email,
    isReader: invitation.isReader,
    subdomain: channel.subdomain,
  },
  organisation: {
    name: organisation.name,
    subdomain: organisation.subdomain,
    terms: termsOf(organisation),
    brand: brandOf(organisation, origin),
  },
  channel: {
    subdomain: channel.subdomain,
    name: channel.name,
    url: channelUrl(config, channel.subdomain, organisation.subdomain),
  },
  invitee: { image: invitation.imageUrl, screenName: invitation.screenName, email: invitation.email },
});

export interface NewInvitation {
  organisationId: number;
  channelId: number;
  roleId: number;
  email: string;
  screenName: string;
  isReader: boolean;
  inviterId: number | null;
}

export interface StoredInvitation {
  /** The raw token: it only ever travels in the mail. */
  token: string;
  row: typeof invitations.$inferSelect;
}

/** Stores an invitation (14 days, token as sha-256) and answers it with its raw token. */
export const storeInvitation = async (
  { db, clock }: { db: Database; clock: Clock },
  invitation: NewInvitation,
): Promise<StoredInvitation> => {
  const now = clock.now();
  const { raw, hash } = newToken();
  const [row] = await db
    .insert(invitations)
    .values({
      ...invitation,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.invitation),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return { token: raw, row };
};

/** Stores an invitation and answers its raw token (for the mail only). Used by the demo data and tests. */
export const createInvitation = async (
  deps: { db: Database; clock: Clock },
  invitation: NewInvitation,
): Promise<string> => (await storeInvitation(deps, invitation)).token;

/**
 * A new invitation to a channel for an address replaces the pending one: its link stops working, so a re-invite
 * with another role (an admin invitation corrected to reader) leaves no link to the old role behind.
 */
export const replaceInvitation = (
  deps: { db: Database; clock: Clock },
  invitation: NewInvitation,
): Promise<StoredInvitation> =>
  deps.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ usedAt: deps.clock.now() })
      .where(
        and(
          eq(invitations.channelId, invitation.channelId),
          sql`lower(${invitations.email}) = lower(${invitation.email})`,
          isNull(invitations.usedAt),
        ),
      );
    return storeInvitation({ db: tx, clock: deps.clock }, invitation);
  });
