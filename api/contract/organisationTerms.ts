/**
 * An organisation's terms-and-privacy checkbox (spec 2 Register): which wording it shows and where its two links
 * go. Stored on the organisation (server/db/schema.ts organisations.terms_*), set by an operator (`npm run terms`),
 * and carried in the answers the sign-ups already get about the organisation: the invitation check, the company-id
 * start's checks and the company pages' check (docs/decisions/product.md: Organisation terms come from the organisation's
 * data). An address left null is the site's own page (/terms-of-service, /privacy).
 */
import * as v from 'valibot';
import { VALIDATION_CODES } from './common';
import { LINK_MAX, TERMS_WORDINGS, type TermsWording } from './limits';

/**
 * https, or http on this machine only (localhost, 127.0.0.1: an operator trying a page locally), the rule of the
 * identity providers' issuers (server/idp/settings.ts checkIssuer). Spelt out in both cases rather than an i flag,
 * which a JSON Schema pattern cannot carry. Never javascript:, data: or a relative path: it becomes an href.
 */
const TERMS_ADDRESS_PATTERN =
  /^(?:[hH][tT][tT][pP][sS]:\/\/[^\s/?#]+\S*|[hH][tT][tT][pP]:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?(?:[/?#]\S*)?)$/;

/** The one rule for an organisation's terms or privacy address: absolute, https (see above), at most LINK_MAX. */
export const TermsAddressSchema = v.pipe(
  v.string(VALIDATION_CODES.required),
  v.trim(),
  v.nonEmpty(VALIDATION_CODES.required),
  v.maxLength(LINK_MAX, VALIDATION_CODES.max),
  v.regex(TERMS_ADDRESS_PATTERN, VALIDATION_CODES.uri),
  v.url(VALIDATION_CODES.uri),
);

export const TermsWordingSchema = v.picklist(TERMS_WORDINGS, VALIDATION_CODES.only);

/** The organisation's terms as stored, set and answered: same names on the wire and in the app. */
export const OrganisationTermsWire = v.object({
  wording: TermsWordingSchema,
  /** The organisation's terms of use; null: the site's own /terms-of-service. */
  termsUrl: v.nullable(TermsAddressSchema),
  /** The organisation's privacy notice; null: the site's own /privacy. */
  privacyUrl: v.nullable(TermsAddressSchema),
});
export type OrganisationTermsWire = v.InferOutput<typeof OrganisationTermsWire>;

export interface OrganisationTerms {
  wording: TermsWording;
  termsUrl: string | null;
  privacyUrl: string | null;
}

/** The site's own wording and pages: the curator sign-up's, and any organisation's until an operator sets its own. */
export const DEFAULT_ORGANISATION_TERMS: OrganisationTerms = {
  wording: 'default',
  termsUrl: null,
  privacyUrl: null,
};

/**
 * The terms inside an answer. Optional on the wire: an answer without them (a server process from before they
 * existed, met during a rolling restart) reads as the site's own wording and pages rather than failing the sign-up.
 */
export const OptionalOrganisationTermsWire = v.optional(OrganisationTermsWire);
export const fromOrganisationTermsWire = (wire: OrganisationTermsWire | undefined): OrganisationTerms =>
  wire
    ? { wording: wire.wording, termsUrl: wire.termsUrl, privacyUrl: wire.privacyUrl }
    : DEFAULT_ORGANISATION_TERMS;
