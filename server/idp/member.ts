/**
 * The person a verified ID token names, in the organisation whose provider vouched for them: found by e-mail, or
 * created as a team member of it with an unusable random password (a later password reset gives them one).
 * Refusals (spec 8): an e-mail outside the organisation's allowed domains or a locked account -> banned user;
 * no channel to land in -> no channels.
 */
import { and, count, eq, or, sql } from 'drizzle-orm';
import { ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import type { Database } from '../db/client';
import { channels, memberships, users } from '../db/schema';
import type { UserRow } from '../deps';
import { randomToken } from '../security/crypto';
import { hashPassword } from '../security/passwords';
import { IDP_FAILURE, IdpRefusal } from './errorTypes';
import type { IdpSettings } from './settings';

export interface VerifiedPerson {
  email: string;
  name: string | undefined;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Channels the user may open: their own channel roles, and every live channel of an organisation they are in. */
const channelCount = async (db: Database, userId: number): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(channels)
    .where(
      and(
        eq(channels.archived, false),
        or(
          sql`${channels.id} in (select channel_id from memberships where user_id = ${userId})`,
          sql`${channels.organisationId} in (select organisation_id from memberships where user_id = ${userId})`,
        ),
      ),
    );
  return row?.n ?? 0;
};

export const memberFor = async (
  db: Database,
  settings: IdpSettings,
  person: VerifiedPerson,
  now: Date,
): Promise<UserRow> => {
  const allowed = settings.allowedDomains;
  if (allowed.length > 0 && !allowed.includes(domainOf(person.email))) {
    throw new IdpRefusal(IDP_FAILURE.bannedUser, 'e-mail outside the allowed domains');
  }
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${person.email})`)
    .limit(1);
  if (existing?.lockedUntil && existing.lockedUntil > now) {
    throw new IdpRefusal(IDP_FAILURE.bannedUser, 'account locked');
  }
  const user = existing ?? (await createMember(db, settings, person, now));
  await db
    .insert(memberships)
    .values({
      userId: user.id,
      organisationId: settings.organisationId,
      roleId: ORGANISATION_ROLE_IDS['team-member'],
    })
    .onConflictDoNothing();
  if ((await channelCount(db, user.id)) === 0) {
    throw new IdpRefusal(IDP_FAILURE.noChannels, 'no channel to open');
  }
  return user;
};

const createMember = async (
  db: Database,
  settings: IdpSettings,
  person: VerifiedPerson,
  now: Date,
): Promise<UserRow> => {
  const passwordHash = await hashPassword(randomToken());
  const screenName = (person.name?.trim() || person.email.slice(0, person.email.indexOf('@'))).slice(0, 100);
  // The provider verified the address: no confirmation mail. A racing first sign-in of the same person inserts
  // nothing here and reads the row the other one made.
  await db
    .insert(users)
    .values({
      email: person.email,
      passwordHash,
      screenName,
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${person.email})`)
    .limit(1);
  if (!user)
    throw new IdpRefusal(IDP_FAILURE.unknown, `member for organisation ${settings.subdomain} vanished`);
  return user;
};
