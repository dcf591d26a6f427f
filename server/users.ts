/** User look-ups shared by the routes, and the profile in its wire shape (spec 3, api/contract/profile.ts). */
import { and, eq, exists, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { UserProfileWire } from '../api/contract/profile';
import type { Database } from './db/client';
import { channels, images, memberships, organisations, tokens, users } from './db/schema';
import type { UserRow } from './deps';
import { fail } from './http/problem';

/** E-mail addresses are compared without case (the unique index is on lower(email)). */
export const findUserByEmail = async (db: Database, email: string): Promise<UserRow | null> => {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return user ?? null;
};

/**
 * Whether an address is held for the undo of an e-mail change (docs/decisions/security.md: Changing the e-mail address):
 * while a live undo link would put the address back on its account, no other account may take it (a sign-up, or
 * another account's change of address); otherwise whoever moved the account away could sign up with the owner's
 * old address and make the owner's undo fail. `exceptUserId`: the account the undo belongs to may.
 */
export const addressHeldForUndo = async (
  db: Database,
  email: string,
  now: Date,
  exceptUserId?: number,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.kind, 'emailUndo'),
        sql`lower(${tokens.email}) = lower(${email.trim()})`,
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, sql`${now.toISOString()}::timestamptz`),
        exceptUserId === undefined ? undefined : ne(tokens.userId, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/**
 * A sign-up may not take an address held for another account's undo (server/users.ts addressHeldForUndo). Asked
 * after the insert, in its transaction: an insert that waited on the unique index for a change of address to free
 * the address then sees that change's undo link, committed with it, and the sign-up is refused.
 */
export const refuseHeldAddress = async (
  tx: Database,
  created: Pick<UserRow, 'id' | 'email'>,
  now: Date,
): Promise<void> => {
  if (await addressHeldForUndo(tx, created.email, now, created.id)) throw fail('email_already_exist_error');
};

export const findUserById = async (db: Database, id: number): Promise<UserRow | null> => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
};

/**
 * `exists (...)`: the user (an id, or a column of an outer query) belongs to an organisation that enforces
 * two-factor, directly (organisation roles) or through one of its channels (channel roles). One subquery, so the
 * login can ask it within its first statement (server/security/lockout.ts reserveLoginCheck).
 */
export const enforcedTwoFactor = (db: Database, userId: number | PgColumn): SQL =>
  exists(
    db
      .select({ id: organisations.id })
      .from(memberships)
      .leftJoin(channels, eq(channels.id, memberships.channelId))
      .innerJoin(
        organisations,
        eq(organisations.id, sql`coalesce(${memberships.organisationId}, ${channels.organisationId})`),
      )
      .where(and(eq(memberships.userId, userId), eq(organisations.enforcesTwoFactor, true))),
  );

/** True when the user belongs to an organisation that enforces two-factor (enforcedTwoFactor). */
export const requiresTwoFactor = async (db: Database, userId: number): Promise<boolean> => {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), enforcedTwoFactor(db, users.id)));
  return found !== undefined;
};

/** GET /api/me answer: the wire names of spec 3 (username, twoFactorEnebled, accountConfirmationPending...). */
export const toUserProfileWire = async (db: Database, user: UserRow): Promise<UserProfileWire> => {
  const image = await imageRef(db, user.imageId);
  return {
    id: user.id,
    username: user.screenName,
    email: user.email,
    phone: user.phone,
    position: user.position,
    department: user.department,
    bio: user.bio,
    location: user.location ?? null,
    image,
    imageId: user.imageId,
    links: user.links ?? null,
    isStaff: user.isStaff,
    isReader: user.isReader,
    accountConfirmationPending: user.confirmedAt === null,
    twoFactorEnebled: user.twoFactorEnabled,
  };
};

export const imageRef = async (
  db: Database,
  imageId: number | null,
): Promise<{ id: number; url: string } | null> => {
  if (imageId === null) return null;
  const [image] = await db
    .select({ id: images.id, url: images.url })
    .from(images)
    .where(eq(images.id, imageId))
    .limit(1);
  return image ?? null;
};
