/**
 * What happens to the places a leaving user belongs to (docs/decisions/security.md: Deleting an account): refused while they
 * are the only admin of a channel or organisation that has other members (those members would be left with nobody
 * to manage it); channels whose only member they are go with the account.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { CHANNEL_ROLE_IDS, ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import type { SoleAdminDetailsWire } from '../../api/contract/security';
import type { Database } from '../db/client';
import { channels, memberships, organisations } from '../db/schema';

type Place = SoleAdminDetailsWire['places'][number];

const CHANNEL_ADMIN = [CHANNEL_ROLE_IDS.admin];
const ORGANISATION_ADMINS = [ORGANISATION_ROLE_IDS.owner, ORGANISATION_ROLE_IDS.admin];

/** Others' memberships of a place: how many, and how many of them admin it. */
const othersOf = async (
  db: Database,
  userId: number,
  place: { channelId: number } | { organisationId: number },
  adminRoles: number[],
) => {
  const where =
    'channelId' in place
      ? eq(memberships.channelId, place.channelId)
      : eq(memberships.organisationId, place.organisationId);
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      admins: sql<number>`count(*) filter (where ${inArray(memberships.roleId, adminRoles)})::int`,
    })
    .from(memberships)
    .where(and(where, ne(memberships.userId, userId)));
  return { members: row?.members ?? 0, admins: row?.admins ?? 0 };
};

export const soleAdminPlaces = async (db: Database, userId: number): Promise<Place[]> => {
  const places: Place[] = [];
  const adminOfChannels = await db
    .select({ id: channels.id, name: channels.name })
    .from(memberships)
    .innerJoin(channels, eq(channels.id, memberships.channelId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.roleId, CHANNEL_ADMIN)));
  for (const channel of adminOfChannels) {
    const others = await othersOf(db, userId, { channelId: channel.id }, CHANNEL_ADMIN);
    if (others.members > 0 && others.admins === 0) places.push({ kind: 'channel', name: channel.name });
  }
  const adminOfOrganisations = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.roleId, ORGANISATION_ADMINS)));
  for (const organisation of adminOfOrganisations) {
    const others = await othersOf(db, userId, { organisationId: organisation.id }, ORGANISATION_ADMINS);
    if (others.members > 0 && others.admins === 0)
      places.push({ kind: 'organisation', name: organisation.name });
  }
  return places;
};

/** The channels whose only member is this user: nobody else loses anything when they go. */
export const deletableChannels = async (db: Database, userId: number): Promise<number[]> => {
  const mine = await db
    .select({ id: memberships.channelId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), sql`${memberships.channelId} is not null`));
  const lonely: number[] = [];
  for (const { id } of mine) {
    if (id === null) continue;
    const others = await othersOf(db, userId, { channelId: id }, CHANNEL_ADMIN);
    if (others.members === 0) lonely.push(id);
  }
  return lonely;
};
