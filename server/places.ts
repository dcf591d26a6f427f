/**
 * Organisations and channels as the registration and list routes need them: subdomain normalisation (spec 5),
 * channel URLs (spec 2), role names (spec 3), the default organisation, and channel creation with its admin.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CHANNEL_ROLE_IDS,
  DEFAULT_ORGANISATION_SUBDOMAIN,
  normaliseChannelSubdomain,
  normaliseOrganisationSubdomain,
  ORGANISATION_ROLE_IDS,
  type Role,
} from '../api/contract/limits';
import { NewChannelForm, NewOrganisationForm } from '../api/contract/lists';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { channels, memberships, organisations } from './db/schema';
import { fail, invalidRequest } from './http/problem';
import { onUniqueViolation } from './uniqueViolation';

/**
 * Display name of the default organisation every curator's channel lives in (spec 9: 'welcome'): the platform's own
 * name (docs/decisions/product.md: The default organisation is called Channels); `npm run brand` renames it.
 */
export const DEFAULT_ORGANISATION_NAME = 'Channels';

const ROLE_BY_ID: ReadonlyMap<number, Role> = new Map<number, Role>([
  ...Object.entries(CHANNEL_ROLE_IDS).map(([name, id]) => [id, name as Role] as const),
  ...Object.entries(ORGANISATION_ROLE_IDS).map(([name, id]) => [id, name as Role] as const),
]);

/** spec 3 role ids 1-8 -> role names; the check constraint on memberships keeps ids in range. */
export const roleName = (roleId: number): Role => {
  const name = ROLE_BY_ID.get(roleId);
  if (!name) throw new Error(`unknown role id ${roleId}`);
  return name;
};

/**
 * spec 2 channel URL. Same shape as the production form of api/contract/urls.ts channelUrl:
 * `{channel}-{organisation}.{platform host}`, channel first (see the note on order there), with the scheme the
 * site is served with.
 */
export const channelUrl = (
  config: Pick<ServerConfig, 'siteUrl' | 'platformHost'>,
  channelSubdomain: string,
  organisationSubdomain: string,
): string => {
  const scheme = new URL(config.siteUrl).protocol;
  return `${scheme}//${channelSubdomain.toLowerCase()}-${organisationSubdomain.toLowerCase()}.${config.platformHost}`;
};

/**
 * Normalises a subdomain as typed (spec 5) and holds the result to the contract's rule. A result of the wrong
 * length is a FieldValidationError on `path`; characters normalisation cannot fix are the spec 8 malformed code.
 */
const normalisedSubdomain = (
  raw: string,
  normalise: (value: string) => string,
  schema: v.GenericSchema<string, string>,
  path: string,
): string => {
  const result = v.safeParse(
    v.object({ [path]: schema }),
    { [path]: normalise(raw) },
    { abortPipeEarly: true },
  );
  if (result.success) return (result.output as Record<string, string>)[path] as string;
  if (result.issues.some((issue) => issue.type === 'regex'))
    throw fail('channel_subdomain_is_malformed_error');
  throw invalidRequest(result.issues);
};

export const channelSubdomainOf = (raw: string, path = 'subdomain'): string =>
  normalisedSubdomain(raw, normaliseChannelSubdomain, NewChannelForm.entries.subdomain, path);

export const organisationSubdomainOf = (raw: string, path = 'subdomain'): string =>
  normalisedSubdomain(raw, normaliseOrganisationSubdomain, NewOrganisationForm.entries.subdomain, path);

/**
 * A subdomain as it arrives, before normalisation: required, bounded so no one sends megabytes, and otherwise
 * free (the rules apply to the normalised value, so 'My_Channel' is fine and becomes 'mychannel').
 */
export const RAW_SUBDOMAIN_MAX = 256;

/**
 * The organisation with this subdomain, created when missing (the default one must exist on a fresh database
 * even without demo data). INSERT .. ON CONFLICT DO NOTHING, then read: safe when two requests race.
 */
export const ensureOrganisation = async (
  db: Database,
  subdomain: string,
  name: string,
  now: Date,
): Promise<typeof organisations.$inferSelect> => {
  await db.insert(organisations).values({ subdomain, name, createdAt: now }).onConflictDoNothing();
  const [found] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.subdomain, subdomain))
    .limit(1);
  if (!found) throw new Error(`organisation ${subdomain} vanished`);
  return found;
};

export const defaultOrganisation = (db: Database, now: Date) =>
  ensureOrganisation(db, DEFAULT_ORGANISATION_SUBDOMAIN, DEFAULT_ORGANISATION_NAME, now);

/** An organisation by subdomain, compared without case (spec 2 Start: papier_union is matched case-insensitively). */
export const findOrganisation = async (
  db: Database,
  subdomain: string,
): Promise<typeof organisations.$inferSelect | null> => {
  const [found] = await db
    .select()
    .from(organisations)
    .where(sql`lower(${organisations.subdomain}) = lower(${subdomain.trim()})`)
    .limit(1);
  return found ?? null;
};

export interface NewChannel {
  organisationId: number;
  name: string;
  subdomain: string;
  ownerId: number;
  now: Date;
}

/**
 * Creates a channel with its creator as admin (spec 6). The unique constraint on (organisation, subdomain) is the
 * only guard: a taken subdomain fails the INSERT and answers channel_subdomain_already_exist_error. Run it inside
 * the caller's transaction when more rows depend on it.
 */
export const createChannelWithAdmin = async (db: Database, channel: NewChannel) => {
  const [created] = await onUniqueViolation(
    () =>
      db
        .insert(channels)
        .values({
          organisationId: channel.organisationId,
          name: channel.name,
          subdomain: channel.subdomain,
          ownerId: channel.ownerId,
          createdAt: channel.now,
          updatedAt: channel.now,
        })
        .returning(),
    { channels_organisation_subdomain_unique: () => fail('channel_subdomain_already_exist_error') },
  );
  if (!created) throw new Error('channel insert returned nothing');
  await db.insert(memberships).values({
    userId: channel.ownerId,
    channelId: created.id,
    roleId: CHANNEL_ROLE_IDS.admin,
    createdAt: channel.now,
  });
  return created;
};
