import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SearchQuery } from './common';
import { SEARCH_MAX } from './limits';
import {
  type Channel,
  ChannelsAnswerWire,
  fromChannelsAnswerWire,
  fromOrganisationsAnswerWire,
  NewChannelForm,
  NewOrganisationForm,
  type OrganisationList,
  OrganisationsAnswerWire,
  toChannelsAnswerWire,
  toOrganisationsAnswerWire,
} from './lists';

const channel: Channel = {
  id: '1',
  name: 'News',
  subdomain: 'news',
  role: 'admin',
  ownerName: 'Ann',
  organisationName: 'Channels',
  created: new Date('2024-01-02T03:04:05.000Z'),
  updated: new Date('2024-02-03T04:05:06.000Z'),
  archived: false,
  url: 'https://news-welcome.example.com',
};

describe('lists contract', () => {
  it('round-trips channels with ISO dates on the wire', () => {
    const wire = toChannelsAnswerWire([channel]);
    expect(wire[0]?.created).toBe('2024-01-02T03:04:05.000Z');
    expect(fromChannelsAnswerWire(v.parse(ChannelsAnswerWire, wire))).toEqual([channel]);
  });

  it('round-trips organisations with the base subdomain', () => {
    const list: OrganisationList = {
      organisations: [
        {
          id: '9',
          name: 'Acme',
          subdomain: 'acme',
          readersCount: 3,
          channelCount: 2,
          created: channel.created,
        },
      ],
      baseOrganisationSubdomain: 'welcome',
    };
    expect(
      fromOrganisationsAnswerWire(v.parse(OrganisationsAnswerWire, toOrganisationsAnswerWire(list))),
    ).toEqual(list);
  });

  it('holds names and subdomains to 3-24 and the search to 20 characters', () => {
    expect(v.is(NewChannelForm, { name: 'ab', subdomain: 'abc' })).toBe(false);
    expect(v.is(NewChannelForm, { name: 'abc', subdomain: 'a'.repeat(25) })).toBe(false);
    expect(v.is(NewChannelForm, { name: 'abc', subdomain: 'my-news' })).toBe(true);
    expect(v.is(NewChannelForm, { name: 'abc', subdomain: 'my_news' })).toBe(false);
    expect(v.is(NewOrganisationForm, { name: 'Acme', subdomain: 'ac-me' })).toBe(false);
    expect(v.is(SearchQuery, 'x'.repeat(SEARCH_MAX))).toBe(true);
    expect(v.is(SearchQuery, 'x'.repeat(SEARCH_MAX + 1))).toBe(false);
  });
});
