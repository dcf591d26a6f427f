import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BRANDED_TERMS_ORGANISATIONS, LINK_MAX, TERMS_WORDINGS } from './limits';
import { OrganisationTermsWire, TermsAddressSchema } from './organisationTerms';

const accepts = (address: string) => v.safeParse(TermsAddressSchema, address).success;

describe('organisation terms (spec 2 Register)', () => {
  it('knows the branded wordings of spec 2 and the default, nothing else', () => {
    expect([...TERMS_WORDINGS].sort()).toEqual(['default', ...BRANDED_TERMS_ORGANISATIONS].sort());
    const terms = { wording: 'lit', termsUrl: null, privacyUrl: null };
    expect(v.safeParse(OrganisationTermsWire, terms).success).toBe(true);
    expect(v.safeParse(OrganisationTermsWire, { ...terms, wording: 'papier_union' }).success).toBe(false);
  });

  it('takes absolute https addresses, http only on this machine', () => {
    for (const address of [
      'https://lit.example/terms',
      'HTTPS://lit.example/terms?lang=de#privacy',
      'http://localhost:3000/terms',
      'http://127.0.0.1/privacy',
    ])
      expect(accepts(address), address).toBe(true);
    for (const address of [
      '',
      '   ',
      'http://lit.example/terms',
      'http://localhost.lit.example/terms',
      '/terms-of-service',
      'lit.example/terms',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://',
      'https:///terms',
      'https://lit.example/terms of use',
      'ftp://lit.example/terms',
    ])
      expect(accepts(address), address).toBe(false);
  });

  it('bounds the length (LINK_MAX)', () => {
    const base = 'https://lit.example/';
    expect(accepts(base + 'a'.repeat(LINK_MAX - base.length))).toBe(true);
    expect(accepts(base + 'a'.repeat(LINK_MAX - base.length + 1))).toBe(false);
  });
});
