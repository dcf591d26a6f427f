/**
 * spec 2 Register: the terms-and-privacy checkbox's wording and links depend on the organisation subdomain
 * (wernsing_food_family, ceramtec, unicef_for_every_child, lit, otherwise the default). One table, shared by every
 * sign-up screen (curator, invitation, company id). The wording itself lives in TermsField (Lingui messages).
 */
import { BRANDED_TERMS_ORGANISATIONS } from '../../api/contract/limits';

export type TermsKind = (typeof BRANDED_TERMS_ORGANISATIONS)[number] | 'default';

export interface TermsLinks {
  terms: string;
  privacy: string;
}

/** The organisations' own published terms and privacy addresses (opened in a new tab). */
export const ORGANISATION_TERMS_LINKS: Record<Exclude<TermsKind, 'default'>, TermsLinks> = {
  wernsing_food_family: {
    terms: 'https://www.wernsing.de/nutzungsbedingungen',
    privacy: 'https://www.wernsing.de/datenschutz',
  },
  ceramtec: {
    terms: 'https://www.ceramtec-group.com/en/terms-of-use',
    privacy: 'https://www.ceramtec-group.com/en/privacy-policy',
  },
  unicef_for_every_child: {
    terms: 'https://www.unicef.org/legal',
    privacy: 'https://www.unicef.org/legal#privacy',
  },
  lit: {
    terms: 'https://www.lit.de/nutzungsbedingungen',
    privacy: 'https://www.lit.de/datenschutz',
  },
};

/** The kind of wording for a subdomain, compared case-insensitively; unknown or missing: the default. */
export function termsKindOf(organisationSubdomain: string | null | undefined): TermsKind {
  const key = (organisationSubdomain ?? '').trim().toLowerCase();
  return (BRANDED_TERMS_ORGANISATIONS as readonly string[]).includes(key) ? (key as TermsKind) : 'default';
}

/** The links to show: the organisation's own, or the site's (/terms-of-service and /privacy) for the default. */
export function termsLinksOf(kind: TermsKind, defaultLinks: TermsLinks): TermsLinks {
  return kind === 'default' ? defaultLinks : ORGANISATION_TERMS_LINKS[kind];
}
