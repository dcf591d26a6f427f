/**
 * Test helper for the terms checkbox (spec 2 Register), shared by its screen test and the sign-up flows' model
 * tests: the box is worded as the organisation's data says, and each of its two links goes where that data says,
 * an organisation's address in a new tab, the site's own page as a plain link.
 */
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type { TermsWording } from '../../api/contract/limits';
import type { OrganisationTerms } from '../../api/contract/organisationTerms';
import type { TermsLinks } from './TermsField';

/** Each wording's accessible name (source texts, en-US), and the names of its two links. */
export const TERMS_WORDING_TEXTS: Record<TermsWording, { name: RegExp; terms: string; privacy: string }> = {
  default: {
    name: /I accept the terms of service and the privacy policy/,
    terms: 'terms of service',
    privacy: 'privacy policy',
  },
  wernsing_food_family: {
    name: /Wernsing Food Family/,
    terms: 'terms of use of the Wernsing Food Family',
    privacy: 'privacy notice',
  },
  ceramtec: {
    name: /CeramTec terms of use/,
    terms: 'CeramTec terms of use',
    privacy: 'CeramTec privacy policy',
  },
  unicef_for_every_child: { name: /UNICEF's terms of use/, terms: 'terms of use', privacy: 'privacy policy' },
  lit: { name: /terms of use of LIT/, terms: 'terms of use of LIT', privacy: 'LIT privacy policy' },
};

const expectLink = (link: HTMLElement, address: string | null, sitePage: string) => {
  expect(link.getAttribute('href')).toBe(address ?? sitePage);
  expect(link.getAttribute('target')).toBe(address === null ? null : '_blank');
  expect(link.getAttribute('rel')).toBe(address === null ? null : 'noopener noreferrer');
};

/** The one terms checkbox in `container`: its wording, and its two links by the data or the site's pages. */
export function expectTermsField(
  terms: OrganisationTerms,
  defaultLinks: TermsLinks,
  container: HTMLElement = document.body,
): HTMLInputElement {
  const texts = TERMS_WORDING_TEXTS[terms.wording];
  const box = within(container).getByRole('checkbox', { name: texts.name }) as HTMLInputElement;
  const label = box.labels?.[0];
  if (!label) throw new Error('the terms checkbox has no label');
  const links = within(label).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([texts.terms, texts.privacy]);
  const [termsLink, privacyLink] = links as [HTMLElement, HTMLElement];
  expectLink(termsLink, terms.termsUrl, defaultLinks.terms);
  expectLink(privacyLink, terms.privacyUrl, defaultLinks.privacy);
  return box;
}
