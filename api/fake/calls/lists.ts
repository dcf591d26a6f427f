/** The user's channels and organisations in the fake (spec 7): lists and creation. */
import {
  CreateChannelRequestWire,
  CreateInvitationRequestWire,
  CreateOrganisationRequestWire,
  type FieldIssueWire,
  toChannelWire,
  toCreateInvitationAnswerWire,
  toOrganisationsAnswerWire,
  toOrganisationWire,
  VALIDATION_CODES,
} from '../../contract';
import { type FakeResolvers, requireUser } from '../context';
import { failWithCode, json, parse } from '../reply';
import { BASE_ORGANISATION } from '../scenarios';
import type { FakeChannel, FakeOrganisation, FakeStore } from '../store';

/**
 * spec 8: a subdomain that breaks the pattern is channel_subdomain_is_malformed_error, sent as the issue's code so
 * the form can put it under the field. Wire path 'subdomain' in channel creation and curator sign-up alike.
 */
export const malformedSubdomain = (issue: FieldIssueWire): string | undefined =>
  issue.path === 'subdomain' && issue.code === VALIDATION_CODES.pattern
    ? 'channel_subdomain_is_malformed_error'
    : undefined;

export const isChannelSubdomainTaken = (store: FakeStore, subdomain: string): boolean =>
  store.state.channels.some((row) => row.subdomain.toLowerCase() === subdomain.toLowerCase());

/** The development mapping of a channel's host (docs/decisions/conventions.md: Development mapping; api/contract/urls.ts: `{channel}-{organisation}`). */
export const channelUrlOf = (origin: string, row: Pick<FakeChannel, 'subdomain' | 'organisationSubdomain'>) =>
  `${origin}/channel/${row.subdomain}-${row.organisationSubdomain}`;

const channelWire = (origin: string, row: FakeChannel) =>
  toChannelWire({
    ...row,
    created: new Date(row.created),
    updated: new Date(row.updated),
    url: channelUrlOf(origin, row),
  });

const organisationWire = (row: FakeOrganisation) =>
  toOrganisationWire({ ...row, created: new Date(row.created) });

/** Adds a channel to a user's list, the creator as admin (spec 6), in the base organisation. */
export const addChannel = (
  store: FakeStore,
  memberEmail: string,
  input: { name: string; subdomain: string; ownerName: string },
): FakeChannel => {
  const now = new Date().toISOString();
  const row: FakeChannel = {
    id: store.newId(),
    memberEmail,
    name: input.name,
    subdomain: input.subdomain,
    organisationName: BASE_ORGANISATION.name,
    organisationSubdomain: BASE_ORGANISATION.subdomain,
    role: 'admin',
    ownerName: input.ownerName,
    created: now,
    updated: now,
    archived: false,
  };
  store.state.channels.push(row);
  return row;
};

export const listResolvers: FakeResolvers<
  'getChannels' | 'createChannel' | 'getOrganisations' | 'createOrganisation' | 'createInvitation'
> = {
  getChannels: (call) => {
    const user = requireUser(call);
    const rows = call.store.state.channels.filter((row) => row.memberEmail === user.email);
    return json(rows.map((row) => channelWire(call.url.origin, row)));
  },

  createChannel: (call) => {
    const user = requireUser(call);
    const input = parse(CreateChannelRequestWire, call.body, malformedSubdomain);
    if (isChannelSubdomainTaken(call.store, input.subdomain)) {
      throw failWithCode(409, 'channel_subdomain_already_exist_error');
    }
    const row = addChannel(call.store, user.email, { ...input, ownerName: user.screenName });
    return json(channelWire(call.url.origin, row));
  },

  getOrganisations: (call) => {
    const user = requireUser(call);
    const rows = call.store.state.organisations.filter((row) => row.memberEmail === user.email);
    return json(
      toOrganisationsAnswerWire({
        organisations: rows.map((row) => ({ ...row, created: new Date(row.created) })),
        baseOrganisationSubdomain: BASE_ORGANISATION.subdomain,
      }),
    );
  },

  createOrganisation: (call) => {
    const user = requireUser(call);
    // spec 6: only staff may create organisations.
    if (!user.isStaff) throw failWithCode(403, 'forbidden_error', { message: 'Forbidden' });
    const input = parse(CreateOrganisationRequestWire, call.body, malformedSubdomain);
    const taken = call.store.state.organisations.some(
      (row) => row.subdomain.toLowerCase() === input.subdomain.toLowerCase(),
    );
    // The catalogue has no organisation-specific code; the subdomain text fits (spec 8 'subdomain texts').
    if (taken) throw failWithCode(409, 'channel_subdomain_already_exist_error');
    const row: FakeOrganisation = {
      id: call.store.newId(),
      memberEmail: user.email,
      name: input.name,
      subdomain: input.subdomain,
      readersCount: 0,
      channelCount: 0,
      created: new Date().toISOString(),
    };
    call.store.state.organisations.push(row);
    return json(organisationWire(row));
  },

  createInvitation: (call) => {
    const user = requireUser(call);
    const input = parse(CreateInvitationRequestWire, call.body);
    // As the server: only an admin of the channel invites into it; one answer for every other case.
    const channel = call.store.state.channels.find(
      (row) => row.memberEmail === user.email && row.id === String(input.channelId) && row.role === 'admin',
    );
    if (!channel || channel.archived) throw failWithCode(403, 'forbidden_error', { message: 'Forbidden' });
    const answer = toCreateInvitationAnswerWire({
      id: call.store.newId(),
      channelId: channel.id,
      email: input.email,
      role: input.role,
      expires: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    return json(answer, 201);
  },
};

/** The server's invitations last 14 days (server/tokens.ts). */
const INVITATION_DAYS = 14;
