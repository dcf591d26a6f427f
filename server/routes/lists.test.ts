import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_ROLE_IDS, ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import {
  ChannelsAnswerWire,
  ChannelWire,
  OrganisationsAnswerWire,
  OrganisationWire,
  subdomainFromName,
} from '../../api/contract/lists';
import { API_PATHS } from '../../api/contract/paths';
import { memberships, organisations } from '../db/schema';
import {
  addChannelRole,
  addOrganisationRole,
  createChannel,
  createOrganisation,
  createUser,
  signedInUser,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const CHANNELS = API_PATHS.getChannels.path;
const ORGANISATIONS = API_PATHS.getOrganisations.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('GET /api/channels', () => {
  it('lists the user’s channels with role, owner, organisation, dates, archived and url (contract shape)', async () => {
    const { user, client } = await signedInUser(t, { screenName: 'Reader Rita' });
    const owner = await createUser(t.db, { screenName: 'Owner Otto' });
    const acme = await createOrganisation(t.db, { name: 'Acme', subdomain: 'acme' });
    const news = await createChannel(t.db, {
      organisationId: acme.id,
      name: 'News',
      subdomain: 'news',
      ownerId: owner.user.id,
      archived: true,
    });
    await addChannelRole(t.db, user.id, news.id, 'reader');
    await createChannel(t.db, { organisationId: acme.id, subdomain: 'notmine' });

    const response = await client.get(CHANNELS);
    expect(response.status).toBe(200);
    const list = v.parse(ChannelsAnswerWire, response.body);
    expect(list).toEqual([
      {
        id: news.id,
        name: 'News',
        subdomain: 'news',
        role: 'reader',
        ownerName: 'Owner Otto',
        organisationName: 'Acme',
        created: news.createdAt.toISOString(),
        updated: news.updatedAt.toISOString(),
        archived: true,
        url: 'http://news-acme.platform.test',
      },
    ]);
  });

  it('adds the channels of organisations the user holds a role in, with that role, unless a channel role says otherwise', async () => {
    const { user, client } = await signedInUser(t);
    const acme = await createOrganisation(t.db, { subdomain: 'acme' });
    const first = await createChannel(t.db, { organisationId: acme.id, subdomain: 'first' });
    const second = await createChannel(t.db, { organisationId: acme.id, subdomain: 'second' });
    await addOrganisationRole(t.db, user.id, acme.id, 'team-member');
    await addChannelRole(t.db, user.id, second.id, 'editor');
    const list = v.parse(ChannelsAnswerWire, (await client.get(CHANNELS)).body);
    const roles = Object.fromEntries(list.map((channel) => [channel.subdomain, channel.role]));
    expect(roles).toEqual({ first: 'team-member', second: 'editor' });
    expect(list.map((channel) => channel.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('answers 401 without a session', async () => {
    const response = await t.client().get(CHANNELS);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unknown_credential_error' });
  });
});

describe('POST /api/channels', () => {
  it('creates the channel in welcome with its creator as admin and answers it (appended to the list)', async () => {
    const { user, client } = await signedInUser(t, { screenName: 'Cleo' });
    const response = await client.post(CHANNELS, { name: 'Team Room', subdomain: 'Team_Room' });
    expect(response.status).toBe(201);
    const channel = v.parse(ChannelWire, response.body);
    expect(channel).toMatchObject({
      name: 'Team Room',
      subdomain: 'teamroom',
      role: 'admin',
      ownerName: 'Cleo',
      organisationName: 'Channels',
      archived: false,
      url: 'http://teamroom-welcome.platform.test',
    });
    const [membership] = await t.db.select().from(memberships);
    expect(membership).toMatchObject({ userId: user.id, roleId: CHANNEL_ROLE_IDS.admin });
    const list = v.parse(ChannelsAnswerWire, (await client.get(CHANNELS)).body);
    expect(list.map((entry) => entry.id)).toEqual([channel.id]);
  });

  it('answers channel_subdomain_already_exist_error for a taken subdomain', async () => {
    const { client } = await signedInUser(t);
    await client.post(CHANNELS, { name: 'Team Room', subdomain: 'teamroom' });
    const response = await client.post(CHANNELS, { name: 'Other', subdomain: 'team room' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'channel_subdomain_already_exist_error' });
  });

  it('answers channel_subdomain_is_malformed_error, or a FieldValidationError for lengths', async () => {
    const { client } = await signedInUser(t);
    const malformed = await client.post(CHANNELS, { name: 'Team Room', subdomain: 'team-room-' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: 'channel_subdomain_is_malformed_error' });
    const shortName = await client.post(CHANNELS, { name: 'ab', subdomain: 'abc' });
    expect(shortName.body).toMatchObject({ errors: [{ code: 'string.min', path: 'name' }] });
    const missing = await client.post(CHANNELS, { name: 'Team Room' });
    expect(missing.body).toMatchObject({ errors: [{ code: 'any.required', path: 'subdomain' }] });
  });

  it("accepts the New channel suggestion for 'Café Zürich' and a staff's New organisation one for 'Müller & Söhne'", async () => {
    const { client } = await signedInUser(t, { isStaff: true });
    const channel = await client.post(CHANNELS, {
      name: 'Café Zürich',
      subdomain: subdomainFromName('channel', 'Café Zürich'),
    });
    expect(channel.status).toBe(201);
    expect(channel.body).toMatchObject({ subdomain: 'cafezurich' });
    const organisation = await client.post(ORGANISATIONS, {
      name: 'Müller & Söhne',
      subdomain: subdomainFromName('organisation', 'Müller & Söhne'),
    });
    expect(organisation.status).toBe(201);
    expect(organisation.body).toMatchObject({ subdomain: 'mullersohne' });
  });

  it('answers 401 without a session', async () => {
    expect((await t.client().post(CHANNELS, { name: 'Team Room', subdomain: 'teamroom' })).status).toBe(401);
  });
});

describe('GET /api/organisations', () => {
  it('answers {data, baseOrganisationSubdomain: welcome} with users and channel counts', async () => {
    const { user, client } = await signedInUser(t);
    const acme = await createOrganisation(t.db, { name: 'Acme', subdomain: 'acme' });
    await addOrganisationRole(t.db, user.id, acme.id, 'admin');
    const channel = await createChannel(t.db, { organisationId: acme.id });
    await createChannel(t.db, { organisationId: acme.id });
    const reader = await createUser(t.db);
    await addChannelRole(t.db, reader.user.id, channel.id, 'reader');
    await addChannelRole(t.db, user.id, channel.id, 'editor'); // counted once
    await createOrganisation(t.db, { subdomain: 'other' });

    const response = await client.get(ORGANISATIONS);
    expect(response.status).toBe(200);
    const answer = v.parse(OrganisationsAnswerWire, response.body);
    expect(answer.baseOrganisationSubdomain).toBe('welcome');
    expect(answer.data).toEqual([
      {
        id: acme.id,
        name: 'Acme',
        subdomain: 'acme',
        readersCount: 2,
        channelCount: 2,
        created: acme.createdAt.toISOString(),
      },
    ]);
  });

  it('answers an empty list for a user without organisation roles', async () => {
    const { client } = await signedInUser(t);
    expect((await client.get(ORGANISATIONS)).body).toEqual({
      data: [],
      baseOrganisationSubdomain: 'welcome',
    });
  });

  it('answers 401 without a session', async () => {
    expect((await t.client().get(ORGANISATIONS)).status).toBe(401);
  });
});

describe('POST /api/organisations', () => {
  it('lets staff create one, as its owner, with the subdomain normalised (dashes go too)', async () => {
    const { user, client } = await signedInUser(t, { isStaff: true });
    const response = await client.post(ORGANISATIONS, { name: 'New Org', subdomain: 'New-Org_1' });
    expect(response.status).toBe(201);
    const organisation = v.parse(OrganisationWire, response.body);
    expect(organisation).toMatchObject({
      name: 'New Org',
      subdomain: 'neworg1',
      readersCount: 1,
      channelCount: 0,
    });
    const [membership] = await t.db.select().from(memberships);
    expect(membership).toMatchObject({ userId: user.id, roleId: ORGANISATION_ROLE_IDS.owner });
    const list = v.parse(OrganisationsAnswerWire, (await client.get(ORGANISATIONS)).body);
    expect(list.data.map((entry) => entry.subdomain)).toEqual(['neworg1']);
  });

  it('answers 403 forbidden_error to everyone else, whatever the body', async () => {
    const { client } = await signedInUser(t);
    for (const body of [{ name: 'New Org', subdomain: 'neworg' }, {}]) {
      const response = await client.post(ORGANISATIONS, body);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'forbidden_error' });
    }
    expect(await t.db.select().from(organisations)).toHaveLength(0);
  });

  it('answers channel_subdomain_already_exist_error for a taken subdomain, string.min for a short one', async () => {
    const { client } = await signedInUser(t, { isStaff: true });
    await createOrganisation(t.db, { subdomain: 'taken' });
    const taken = await client.post(ORGANISATIONS, { name: 'Taken', subdomain: 'Ta-ken' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ code: 'channel_subdomain_already_exist_error' });
    const short = await client.post(ORGANISATIONS, { name: 'Shorty', subdomain: 'a-b' });
    expect(short.body).toMatchObject({ errors: [{ code: 'string.min', path: 'subdomain' }] });
  });

  it('answers 401 without a session', async () => {
    expect((await t.client().post(ORGANISATIONS, { name: 'New Org', subdomain: 'neworg' })).status).toBe(401);
  });
});
