import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { IdpErrorSearch, LoginSearch, MeSearch, TokenSearch } from './search';
import { parsePlainSearch, stringifyPlainSearch } from './searchParams';

describe('plain query strings', () => {
  it('keeps every value a string, even when it looks like JSON', () => {
    expect({ ...parsePlainSearch('?token=123&next=true&type=null&x=%7B%7D') }).toEqual({
      token: '123',
      next: 'true',
      type: 'null',
      x: '{}',
    });
  });

  it('takes the first of repeated keys and decodes values', () => {
    expect({ ...parsePlainSearch('next=%2Froot%2Fme%3Fa%3D1&next=https%3A%2F%2Fevil.com') }).toEqual({
      next: '/root/me?a=1',
    });
  });

  it('cannot be used to pollute prototypes', () => {
    const search = parsePlainSearch('?__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(search)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('round-trips and leaves out undefined values', () => {
    const query = stringifyPlainSearch({ next: '/root/me?a=1&b=2', token: undefined });
    expect(query).toBe('?next=%2Froot%2Fme%3Fa%3D1%26b%3D2');
    expect({ ...parsePlainSearch(query) }).toEqual({ next: '/root/me?a=1&b=2' });
    expect(stringifyPlainSearch({})).toBe('');
  });
});

describe('route search schemas', () => {
  it('read the parameters of spec 2', () => {
    expect(v.parse(LoginSearch, { next: '/root/me' })).toEqual({ next: '/root/me' });
    expect(v.parse(MeSearch, { magicLinkToken: 'abc', redirect: 'https://a.b' })).toEqual({
      magicLinkToken: 'abc',
      redirect: 'https://a.b',
    });
    expect(v.parse(TokenSearch, { token: ' t0k ' })).toEqual({ token: 't0k' });
    expect(v.parse(IdpErrorSearch, { type: 'no_channels' })).toEqual({ type: 'no_channels' });
  });

  it('drop malformed or empty parameters instead of failing the page', () => {
    expect(v.parse(TokenSearch, { token: '' })).toEqual({ token: undefined });
    expect(v.parse(TokenSearch, { token: '   ' })).toEqual({ token: undefined });
    expect(v.parse(TokenSearch, { token: 42 })).toEqual({ token: undefined });
    expect(v.parse(LoginSearch, { next: ['a'] })).toEqual({ next: undefined });
    expect(v.parse(MeSearch, {})).toEqual({ magicLinkToken: undefined, redirect: undefined });
  });
});
