import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ORGANISATION_SUBDOMAIN_MAX, suggestedSubdomain } from './limits';
import { NewChannelForm, NewOrganisationForm } from './lists';
import {
  followedSubdomain,
  normaliseChannelSubdomain,
  normaliseOrganisationSubdomain,
  subdomainAfterName,
  subdomainTyped,
} from './subdomain';

describe('spec 5 subdomain normalisation', () => {
  it('a channel subdomain loses underscores and spaces, keeps dashes, and is lower case', () => {
    expect(normaliseChannelSubdomain('My_Team News-Room')).toBe('myteamnews-room');
    expect(normaliseChannelSubdomain(' a\tb ')).toBe('ab');
  });
  it('an organisation subdomain also loses dashes', () => {
    expect(normaliseOrganisationSubdomain('Acme-Corp_ GmbH')).toBe('acmecorpgmbh');
  });
});

describe('one subdomain normalisation for the suggestion and the server (docs/decisions/README.md)', () => {
  const channelRule = NewChannelForm.entries.subdomain;
  const organisationRule = NewOrganisationForm.entries.subdomain;
  it.each([
    ['Müller & Söhne News', 'mullersohnenews', 'mullersohnenews'],
    ['Café Zürich', 'cafezurich', 'cafezurich'],
    ['Bad_Sub', 'badsub', 'badsub'],
    ['Straße Ærø Łódź', 'strasseaerolodz', 'strasseaerolodz'],
    ['-Night-Shift-', 'night-shift', 'nightshift'],
  ])('%s suggests %s (channel) and %s (organisation), both accepted by the rule', (name, channel, organisation) => {
    expect(suggestedSubdomain('channel', name)).toBe(channel);
    expect(suggestedSubdomain('organisation', name)).toBe(organisation);
    expect(v.is(channelRule, channel)).toBe(true);
    expect(v.is(organisationRule, organisation)).toBe(true);
  });
  it('a long name is cut to the limit without leaving a dash at the end', () => {
    const suggestion = suggestedSubdomain('channel', `${'a'.repeat(23)}-news`);
    expect(suggestion).toBe('a'.repeat(23));
    expect(suggestedSubdomain('organisation', 'Ünïcödé '.repeat(10))).toHaveLength(
      ORGANISATION_SUBDOMAIN_MAX,
    );
  });
  it('the server normalises a typed value the same way (letters folded, other characters dropped)', () => {
    expect(normaliseChannelSubdomain('Café_Zürich!')).toBe('cafezurich');
    expect(normaliseOrganisationSubdomain('Müller-&-Söhne')).toBe('mullersohne');
  });
});

describe('spec 5 subdomain follows the name until edited', () => {
  it('follows every name change while untouched', () => {
    const first = subdomainAfterName(followedSubdomain(), 'Night Shift');
    expect(first).toEqual({ value: 'nightshift', manual: false });
    expect(subdomainAfterName(first, 'Night Shift 2')).toEqual({ value: 'nightshift2', manual: false });
  });
  it('once typed by hand, name changes no longer overwrite it', () => {
    const typed = subdomainTyped('Night Shift', 'nights');
    expect(typed).toEqual({ value: 'nights', manual: true });
    expect(subdomainAfterName(typed, 'Day Shift')).toBe(typed);
  });
  it('typing exactly what the name gives keeps following', () => {
    expect(subdomainTyped('Night Shift', 'nightshift')).toEqual({ value: 'nightshift', manual: false });
  });
});

describe('the followed subdomain uses the same suggestion', () => {
  it("'Müller & Söhne News' on /register follows as a valid address", () => {
    expect(subdomainAfterName(followedSubdomain(), 'Müller & Söhne News')).toEqual({
      value: 'mullersohnenews',
      manual: false,
    });
  });
});
