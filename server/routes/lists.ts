/**
 * The user's channels and organisations (spec 6, spec 7): GET/POST /api/channels, GET/POST /api/organisations.
 *
 * A channel appears with the user's channel role; channels of an organisation the user holds a role in appear
 * with that organisation role (spec 2: team-member and owner rows link to the admin area) unless a channel role
 * says otherwise. Everyone may create a channel (in the default organisation, where the curator preview puts it);
 * only staff create organisations (spec 6), as their owner.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import * as v from 'valibot';
import { VALIDATION_CODES } from '../../api/contract/common';
import {
  CHANNEL_ROLE_IDS,
  DEFAULT_ORGANISATION_SUBDOMAIN,
  ORGANISATION_ROLE_IDS,
} from '../../api/contract/limits';
import {
  type ChannelWire,
  CreateChannelRequestWire,
  CreateOrganisationRequestWire,
  type OrganisationsAnswerWire,
  type OrganisationWire,
} from '../../api/contract/lists';
import { API_PATHS } from '../../api/contract/paths';
import type { Database } from '../db/client';
import { channels, memberships, organisations, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { compressedAnswer } from '../http/compressedAnswer';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import {
  channelSubdomainOf,
  channelUrl,
  createChannelWithAdmin,
  defaultOrganisation,
  organisationSubdomainOf,
  RAW_SUBDOMAIN_MAX,
  roleName,
} from '../places';
import { authenticated } from '../sessions';
import { storableOnly } from '../storableText';
import { onUniqueViolation } from '../uniqueViolation';

/** Bodies with the subdomain as typed: normalised first (spec 5), then held to the contract's rule (places.ts). */
const rawSubdomain = v.pipe(
  v.string(VALIDATION_CODES.required),
  v.nonEmpty(VALIDATION_CODES.required),
  v.maxLength(RAW_SUBDOMAIN_MAX, VALIDATION_CODES.max),
);
const CreateChannelBody = v.object({ ...CreateChannelRequestWire.entries, subdomain: rawSubdomain });
const CreateOrganisationBody = v.object({
  ...CreateOrganisationRequestWire.entries,
  subdomain: rawSubdomain,
});

const owners = alias(users, 'owners');

interface ChannelRow {
  channel: typeof channels.$inferSelect;
  organisation: typeof organisations.$inferSelect;
  ownerName: string | null;
  roleId: number;
}

/** The user's channels: by channel role, then those reached through an organisation role. */
const channelRowsOf = async (db: Database, userId: number): Promise<ChannelRow[]> => {
  const columns = {
    channel: channels,
    organisation: organisations,
    ownerName: owners.screenName,
    roleId: memberships.roleId,
  };
  const byChannelRole = await db
    .select(columns)
    .from(memberships)
    .innerJoin(channels, eq(channels.id, memberships.channelId))
    .innerJoin(organisations, eq(organisations.id, channels.organisationId))
    .leftJoin(owners, eq(owners.id, channels.ownerId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(channels.createdAt), asc(channels.id));
  const byOrganisationRole = await db
    .select(columns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(channels, eq(channels.organisationId, organisations.id))
    .leftJoin(owners, eq(owners.id, channels.ownerId))
    .where(and(eq(memberships.userId, userId), isNotNull(memberships.organisationId)))
    .orderBy(asc(channels.createdAt), asc(channels.id));
  const seen = new Set(byChannelRole.map((row) => row.channel.id));
  return [...byChannelRole, ...byOrganisationRole.filter((row) => !seen.has(row.channel.id))];
};

/** spec 3 Organisation: users (distinct people holding a role in it or one of its channels) and channels. */
const organisationWires = async (db: Database, organisationIds: number[]): Promise<OrganisationWire[]> => {
  if (organisationIds.length === 0) return [];
  const rows = await db
    .select({
      organisation: organisations,
      // Qualified by hand: Drizzle leaves the table name off columns of a one-table select.
      channelCount: sql<number>`(select count(*) from channels c where c.organisation_id = "organisations"."id")::int`,
      readersCount: sql<number>`(
        select count(distinct m.user_id) from memberships m
        left join channels c on c.id = m.channel_id
        where m.organisation_id = "organisations"."id" or c.organisation_id = "organisations"."id"
      )::int`,
    })
    .from(organisations)
    .where(inArray(organisations.id, organisationIds))
    .orderBy(asc(organisations.createdAt), asc(organisations.id));
  return rows.map(({ organisation, channelCount, readersCount }) => ({
    id: organisation.id,
    name: organisation.name,
    subdomain: organisation.subdomain,
    readersCount: Number(readersCount),
    channelCount: Number(channelCount),
    created: organisation.createdAt.toISOString(),
  }));
};

export const listRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const signedIn = authenticated(deps);

  const toChannelWire = ({ channel, organisation, ownerName, roleId }: ChannelRow): ChannelWire => ({
    id: channel.id,
    name: channel.name,
    subdomain: channel.subdomain,
    role: roleName(roleId),
    ownerName,
    organisationName: organisation.name,
    created: channel.createdAt.toISOString(),
    updated: channel.updatedAt.toISOString(),
    archived: channel.archived,
    url: channelUrl(config, channel.subdomain, organisation.subdomain),
  });

  return new Hono<AppEnv>()
    .get(API_PATHS.getChannels.path, signedIn, compressedAnswer(), async (c) => {
      const rows = await channelRowsOf(db, c.var.user.id);
      return c.json(rows.map(toChannelWire));
    })

    .post(API_PATHS.createChannel.path, signedIn, async (c) => {
      const user = c.var.user;
      const body = storableOnly(await readJson(c, CreateChannelBody));
      const subdomain = channelSubdomainOf(body.subdomain);
      const now = clock.now();
      const organisation = await defaultOrganisation(db, now);
      const channel = await db.transaction((tx) =>
        createChannelWithAdmin(tx, {
          organisationId: organisation.id,
          name: body.name,
          subdomain,
          ownerId: user.id,
          now,
        }),
      );
      return c.json(
        toChannelWire({ channel, organisation, ownerName: user.screenName, roleId: CHANNEL_ROLE_IDS.admin }),
        201,
      );
    })

    .get(API_PATHS.getOrganisations.path, signedIn, compressedAnswer(), async (c) => {
      const held = await db
        .select({ id: memberships.organisationId })
        .from(memberships)
        .where(and(eq(memberships.userId, c.var.user.id), isNotNull(memberships.organisationId)));
      const ids = held.flatMap(({ id }) => (id === null ? [] : [id]));
      const answer: OrganisationsAnswerWire = {
        data: await organisationWires(db, ids),
        baseOrganisationSubdomain: DEFAULT_ORGANISATION_SUBDOMAIN,
      };
      return c.json(answer);
    })

    .post(API_PATHS.createOrganisation.path, signedIn, async (c) => {
      const user = c.var.user;
      if (!user.isStaff) throw fail('forbidden_error');
      const body = storableOnly(await readJson(c, CreateOrganisationBody));
      const subdomain = organisationSubdomainOf(body.subdomain);
      const now = clock.now();
      const organisation = await db.transaction(async (tx) => {
        const [created] = await onUniqueViolation(
          () => tx.insert(organisations).values({ name: body.name, subdomain, createdAt: now }).returning(),
          // The catalogue's one 'subdomain taken' code; its text does not name channels.
          { organisations_subdomain_unique: () => fail('channel_subdomain_already_exist_error') },
        );
        if (!created) throw new Error('organisation insert returned nothing');
        await tx.insert(memberships).values({
          userId: user.id,
          organisationId: created.id,
          roleId: ORGANISATION_ROLE_IDS.owner,
          createdAt: now,
        });
        return created;
      });
      const [wire] = await organisationWires(db, [organisation.id]);
      return c.json(wire, 201);
    });
};
