import { describe, expect, it } from 'vitest';
import type { Role } from '../../api/contract/limits';
import type { Channel, Organisation } from '../../api/contract/lists';
import { aProfile } from '../../test/profileFixture';
import { chatSupportDataFor } from './chatSupport';

const profile = aProfile({
  id: '42',
  screenName: 'Ada',
  email: 'ada@example.com',
  image: { id: '9', url: '/a.png' },
});

const aChannel = (id: string, role: Role, organisationName: string): Channel => ({
  id,
  name: `Channel ${id}`,
  subdomain: `c${id}`,
  role,
  ownerName: 'Owner',
  organisationName,
  created: new Date(0),
  updated: new Date(0),
  archived: false,
  url: `https://c${id}.example`,
});
const anOrganisation = (id: string, name: string): Organisation => ({
  id,
  name,
  subdomain: name.toLowerCase(),
  readersCount: 0,
  channelCount: 1,
  created: new Date(0),
});
const ORGANISATIONS = [anOrganisation('o1', 'Globe'), anOrganisation('o2', 'Acme')];

describe('chatSupportDataFor (spec 1 chat support, spec 3 chat-support data)', () => {
  it('tags the user with their id, name, e-mail and picture', () => {
    expect(chatSupportDataFor(profile, { channels: [], organisations: [] }).user).toEqual({
      id: '42',
      screenName: 'Ada',
      email: 'ada@example.com',
      avatarUrl: '/a.png',
    });
    expect(
      chatSupportDataFor(aProfile({ image: null }), { channels: [], organisations: [] }).user.avatarUrl,
    ).toBe(null);
  });

  it('an organisation owner is an Organisation Admin, before any channel admin role', () => {
    const channels = [aChannel('1', 'admin', 'Globe'), aChannel('2', 'owner', 'Acme')];
    expect(chatSupportDataFor(profile, { channels, organisations: ORGANISATIONS })).toMatchObject({
      role: { name: 'Organisation Admin', scope: 'organisation' },
      organisation: { id: 'o2', name: 'Acme' },
      channel: { id: '2', name: 'Channel 2' },
    });
  });

  it("a channel's admin is a Channel Admin, tagged with that channel and its organisation", () => {
    const channels = [aChannel('1', 'reader', 'Acme'), aChannel('3', 'admin', 'Globe')];
    expect(chatSupportDataFor(profile, { channels, organisations: ORGANISATIONS })).toMatchObject({
      role: { name: 'Channel Admin', scope: 'channel' },
      organisation: { id: 'o1', name: 'Globe' },
      channel: { id: '3', name: 'Channel 3' },
    });
  });

  it('no admin role: no role, the first channel and its organisation (none when the list lacks it)', () => {
    const data = chatSupportDataFor(profile, {
      channels: [aChannel('5', 'editor', 'Elsewhere'), aChannel('6', 'reader', 'Acme')],
      organisations: ORGANISATIONS,
    });
    expect(data).toMatchObject({ role: null, organisation: null, channel: { id: '5', name: 'Channel 5' } });
  });

  it('no channels: the first organisation, no channel, no role', () => {
    expect(chatSupportDataFor(profile, { channels: [], organisations: ORGANISATIONS })).toMatchObject({
      role: null,
      organisation: { id: 'o1', name: 'Globe' },
      channel: null,
    });
    expect(chatSupportDataFor(profile, { channels: [], organisations: [] })).toMatchObject({
      organisation: null,
      channel: null,
    });
  });
});
