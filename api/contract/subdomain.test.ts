import { describe, expect, it } from 'vitest';
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
