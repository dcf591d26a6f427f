/**
 * The user's channels and organisations (spec 3, 7): lists and creation. Dates are ISO strings on the wire and
 * Date objects in the app.
 */
import * as v from 'valibot';
import {
  boundedString,
  fromDateWire,
  fromIdWire,
  IdWire,
  IsoDateWire,
  toDateWire,
  VALIDATION_CODES,
} from './common';
import {
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  CHANNEL_SUBDOMAIN_MAX,
  CHANNEL_SUBDOMAIN_MIN,
  ORGANISATION_NAME_MAX,
  ORGANISATION_NAME_MIN,
  ORGANISATION_SUBDOMAIN_MAX,
  ORGANISATION_SUBDOMAIN_MIN,
  ROLES,
  type Role,
  suggestedSubdomain,
} from './limits';

/**
 * What normalisation leaves (spec 5: channel subdomains lose underscores and spaces, organisation subdomains also
 * dashes). Anything else is malformed (channel_subdomain_is_malformed_error on the server).
 */
export const CHANNEL_SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const ORGANISATION_SUBDOMAIN_PATTERN = /^[a-z0-9]+$/;

// ---------------------------------------------------------------------------------------------- forms (spec 5)

/** spec 5: channel name and subdomain required, 3-24. */
export const NewChannelForm = v.object({
  name: boundedString(CHANNEL_NAME_MIN, CHANNEL_NAME_MAX),
  subdomain: v.pipe(
    boundedString(CHANNEL_SUBDOMAIN_MIN, CHANNEL_SUBDOMAIN_MAX),
    v.regex(CHANNEL_SUBDOMAIN_PATTERN, VALIDATION_CODES.pattern),
  ),
});
export type NewChannelForm = v.InferOutput<typeof NewChannelForm>;

/** spec 5: organisation name and subdomain 3-24. */
export const NewOrganisationForm = v.object({
  name: boundedString(ORGANISATION_NAME_MIN, ORGANISATION_NAME_MAX),
  subdomain: v.pipe(
    boundedString(ORGANISATION_SUBDOMAIN_MIN, ORGANISATION_SUBDOMAIN_MAX),
    v.regex(ORGANISATION_SUBDOMAIN_PATTERN, VALIDATION_CODES.pattern),
  ),
});
export type NewOrganisationForm = v.InferOutput<typeof NewOrganisationForm>;

// ---------------------------------------------------------------------------------------------- channels

export const ChannelWire = v.object({
  id: IdWire,
  name: v.string(),
  subdomain: v.string(),
  role: v.picklist(ROLES),
  ownerName: v.nullish(v.string()),
  organisationName: v.nullish(v.string()),
  created: IsoDateWire,
  updated: v.nullish(IsoDateWire),
  archived: v.optional(v.boolean(), false),
  url: v.string(),
});
export type ChannelWire = v.InferOutput<typeof ChannelWire>;

export interface Channel {
  id: string;
  name: string;
  subdomain: string;
  role: Role;
  ownerName: string;
  organisationName: string;
  created: Date;
  /** Never updated since creation: the creation date (spec 2 'Last Update' column always has a value). */
  updated: Date;
  archived: boolean;
  url: string;
}

export const fromChannelWire = (wire: ChannelWire): Channel => ({
  id: fromIdWire(wire.id),
  name: wire.name,
  subdomain: wire.subdomain,
  role: wire.role,
  ownerName: wire.ownerName ?? '',
  organisationName: wire.organisationName ?? '',
  created: fromDateWire(wire.created),
  updated: fromDateWire(wire.updated ?? wire.created),
  archived: wire.archived,
  url: wire.url,
});
export const toChannelWire = (channel: Channel): ChannelWire => ({
  id: channel.id,
  name: channel.name,
  subdomain: channel.subdomain,
  role: channel.role,
  ownerName: channel.ownerName,
  organisationName: channel.organisationName,
  created: toDateWire(channel.created),
  updated: toDateWire(channel.updated),
  archived: channel.archived,
  url: channel.url,
});

/** GET /api/channels answer: the list (spec 7 'answer list'). */
export const ChannelsAnswerWire = v.array(ChannelWire);
export type ChannelsAnswerWire = v.InferOutput<typeof ChannelsAnswerWire>;
export const fromChannelsAnswerWire = (wire: ChannelsAnswerWire): Channel[] => wire.map(fromChannelWire);
export const toChannelsAnswerWire = (channels: Channel[]): ChannelsAnswerWire => channels.map(toChannelWire);

/** POST /api/channels body; the answer is the new channel (ChannelWire). */
export const CreateChannelRequestWire = NewChannelForm;
export type CreateChannelRequestWire = NewChannelForm;
export type CreateChannelInput = NewChannelForm;
export const toCreateChannelRequestWire = (input: CreateChannelInput): CreateChannelRequestWire => ({
  name: input.name,
  subdomain: input.subdomain,
});
export const CreateChannelAnswerWire = ChannelWire;

// ---------------------------------------------------------------------------------------------- organisations

export const OrganisationWire = v.object({
  id: IdWire,
  name: v.string(),
  subdomain: v.string(),
  readersCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  channelCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  created: IsoDateWire,
});
export type OrganisationWire = v.InferOutput<typeof OrganisationWire>;

export interface Organisation {
  id: string;
  name: string;
  subdomain: string;
  readersCount: number;
  channelCount: number;
  created: Date;
}

export const fromOrganisationWire = (wire: OrganisationWire): Organisation => ({
  id: fromIdWire(wire.id),
  name: wire.name,
  subdomain: wire.subdomain,
  readersCount: wire.readersCount,
  channelCount: wire.channelCount,
  created: fromDateWire(wire.created),
});
export const toOrganisationWire = (organisation: Organisation): OrganisationWire => ({
  id: organisation.id,
  name: organisation.name,
  subdomain: organisation.subdomain,
  readersCount: organisation.readersCount,
  channelCount: organisation.channelCount,
  created: toDateWire(organisation.created),
});

/** GET /api/organisations answer: {data, baseOrganisationSubdomain}. */
export const OrganisationsAnswerWire = v.object({
  data: v.array(OrganisationWire),
  baseOrganisationSubdomain: v.string(),
});
export type OrganisationsAnswerWire = v.InferOutput<typeof OrganisationsAnswerWire>;
export interface OrganisationList {
  organisations: Organisation[];
  baseOrganisationSubdomain: string;
}
export const fromOrganisationsAnswerWire = (wire: OrganisationsAnswerWire): OrganisationList => ({
  organisations: wire.data.map(fromOrganisationWire),
  baseOrganisationSubdomain: wire.baseOrganisationSubdomain,
});
export const toOrganisationsAnswerWire = (list: OrganisationList): OrganisationsAnswerWire => ({
  data: list.organisations.map(toOrganisationWire),
  baseOrganisationSubdomain: list.baseOrganisationSubdomain,
});

/** POST /api/organisations body (staff only, spec 6); the answer is the new organisation (OrganisationWire). */
export const CreateOrganisationRequestWire = NewOrganisationForm;
export type CreateOrganisationRequestWire = NewOrganisationForm;
export type CreateOrganisationInput = NewOrganisationForm;
export const toCreateOrganisationRequestWire = (
  input: CreateOrganisationInput,
): CreateOrganisationRequestWire => ({
  name: input.name,
  subdomain: input.subdomain,
});
export const CreateOrganisationAnswerWire = OrganisationWire;

// ---------------------------------------------------------------------------------------------- creation forms

export type EntryKind = 'channel' | 'organisation';

/**
 * spec 5: the subdomain a name suggests, followed by the creation form until the pencil makes it editable: the
 * shared normalisation (limits.ts suggestedSubdomain), so the suggestion always meets the rule the server checks.
 */
export const subdomainFromName = (kind: EntryKind, name: string): string => suggestedSubdomain(kind, name);

/** spec 5: the most a name may have. */
export const nameMaxOf = (kind: EntryKind): number =>
  kind === 'channel' ? CHANNEL_NAME_MAX : ORGANISATION_NAME_MAX;

/** spec 5: the least a name may have before create is offered. */
export const nameMinOf = (kind: EntryKind): number =>
  kind === 'channel' ? CHANNEL_NAME_MIN : ORGANISATION_NAME_MIN;
