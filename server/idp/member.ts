/**
 * The person a verified ID token names, in the organisation whose provider vouched for them: found by e-mail, or
 * created as a team member of it with an unusable random password (a later password reset gives them one).
 * Refusals (spec 8): an e-mail outside the organisation's allowed domains, a locked account, or an account made
 * elsewhere while the organisation names no domains -> banned user;
 * no channel to land in -> no channels.
 */
import { and, count, eq, or, sql } from 'drizzle-orm';
import { ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import type { Database } from '../db/client';
import { channels, memberships, users } from '../db/schema';
import type { UserRow } from '../deps';
import { randomToken } from '../security/crypto';
import { hashPassword } from '../security/passwords';
import { addressHeldForUndo } from '../users';
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

const isMember = async (db: Database, userId: number, organisationId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)))
    .limit(1);
  return row !== undefined;
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
  // An account made elsewhere joins this organisation only when the organisation vouches for the e-mail's domain:
  // otherwise any provider an organisation sets up could claim any address and take over its account.
  if (existing && allowed.length === 0 && !(await isMember(db, existing.id, settings.organisationId))) {
    throw new IdpRefusal(
      IDP_FAILURE.bannedUser,
      'existing account outside the organisation, no allowed domains',
    );
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
  // An address held for another account's e-mail undo is not taken by a new member (server/users.ts
  // addressHeldForUndo): the undo must find it free. Refused as an address outside what may sign in.
  if (await addressHeldForUndo(db, person.email, now))
    throw new IdpRefusal(IDP_FAILURE.bannedUser, 'address held for an e-mail undo');
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
