import { inArray } from 'drizzle-orm';
import { CHANNEL_ROLE_IDS, type ChannelRole, ORGANISATION_ROLE_IDS } from '../api/contract/limits';
import type { Database } from './db/client';
import { channels, memberships, organisations } from './db/schema';

/** The demo user whose lists are long enough to page through (spec 2 lists, 15 a page) and to time search on. */
export const LARGE_USER_EMAIL = 'large@example.com';
export const LARGE_ORGANISATIONS = 500;
export const LARGE_CHANNELS_PER_ORGANISATION = 4;

/** Words the demo names are made of (scripts/benchLists.ts times search over the same names). */
export const LARGE_USER_WORDS = [
  'Alpine',
  'Bright',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbour',
  'Indigo',
  'Juniper',
];
const ROLES: readonly ChannelRole[] = ['reader', 'editor', 'admin', 'editor-limited', 'staff-access'];
const BATCH = 500;

const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
};

/**
 * 500 organisations (owner) with 4 channels each (2,000, roles in turn, every 17th archived, creators in turn
 * with the curator). Idempotent: every insert skips what a previous start left.
 */
export const seedLargeUser = async (
  db: Database,
  ids: { large: number; otherCreator: number },
  now: Date,
): Promise<void> => {
  const day = 24 * 60 * 60 * 1000;
  const orgRows = Array.from({ length: LARGE_ORGANISATIONS }, (_, i) => ({
    name: `${LARGE_USER_WORDS[i % LARGE_USER_WORDS.length]} ${LARGE_USER_WORDS[Math.floor(i / LARGE_USER_WORDS.length) % LARGE_USER_WORDS.length]} ${i + 1}`,
    subdomain: `large${i + 1}`,
    createdAt: new Date(now.getTime() - i * day),
  }));
  await inBatches(orgRows, (batch) => db.insert(organisations).values(batch).onConflictDoNothing());
  const orgs = await db
    .select({ id: organisations.id, subdomain: organisations.subdomain })
    .from(organisations)
    .where(
      inArray(
        organisations.subdomain,
        orgRows.map((row) => row.subdomain),
      ),
    );
  const channelRows = orgs.flatMap((org, o) =>
    Array.from({ length: LARGE_CHANNELS_PER_ORGANISATION }, (_, c) => {
      const n = o * LARGE_CHANNELS_PER_ORGANISATION + c;
      return {
        organisationId: org.id,
        subdomain: `${org.subdomain}ch${c + 1}`,
        name: `${LARGE_USER_WORDS[(n * 7) % LARGE_USER_WORDS.length]} channel ${n + 1}`,
        archived: n % 17 === 0,
        ownerId: n % 2 === 0 ? ids.large : ids.otherCreator,
        createdAt: new Date(now.getTime() - n * day),
        updatedAt: new Date(now.getTime() - (n % 90) * day),
      };
    }),
  );
  await inBatches(channelRows, (batch) => db.insert(channels).values(batch).onConflictDoNothing());
  const channelIds = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      inArray(
        channels.organisationId,
        orgs.map((org) => org.id),
      ),
    );
  const roles = [
    ...orgs.map((org) => ({
      userId: ids.large,
      organisationId: org.id,
      roleId: ORGANISATION_ROLE_IDS.owner,
      createdAt: now,
    })),
    ...channelIds.map((channel, n) => ({
      userId: ids.large,
      channelId: channel.id,
      roleId: CHANNEL_ROLE_IDS[ROLES[n % ROLES.length]!],
      createdAt: now,
    })),
  ];
  await inBatches(roles, (batch) => db.insert(memberships).values(batch).onConflictDoNothing());
};
