/**
 * An organisation's terms-and-privacy checkbox (spec 2 Register) as the server keeps it: the wording and the two
 * addresses on the organisation's row, read into the answers of the invitation check and the company-id checks,
 * and written by `npm run terms` (./command.ts). docs/decisions/product.md: Organisation terms come from the organisation's
 * data.
 */
import { asc, eq, isNotNull, ne, or } from 'drizzle-orm';
import * as v from 'valibot';
import { LINK_MAX } from '../../api/contract/limits';
import {
  type OrganisationTerms,
  OrganisationTermsWire,
  TermsAddressSchema,
  TermsWordingSchema,
} from '../../api/contract/organisationTerms';
import type { Database } from '../db/client';
import { organisations } from '../db/schema';

type TermsColumns = Pick<typeof organisations.$inferSelect, 'termsWording' | 'termsUrl' | 'privacyUrl'>;

const addressOrSite = (stored: string | null): string | null => {
  if (stored === null) return null;
  const parsed = v.safeParse(TermsAddressSchema, stored);
  return parsed.success ? parsed.output : null;
};

/**
 * The terms an answer carries for an organisation's row. Whatever the command stored passes the contract; a value
 * that does not (a row edited by hand) is answered as the site's own wording or page, never as a broken answer
 * or an href the contract refuses.
 */
export const termsOf = (row: TermsColumns): OrganisationTerms => ({
  wording: v.is(TermsWordingSchema, row.termsWording) ? row.termsWording : 'default',
  termsUrl: addressOrSite(row.termsUrl),
  privacyUrl: addressOrSite(row.privacyUrl),
});

/** Which field of the terms a refusal names, as the command's option. */
const OPTION_OF: Record<keyof OrganisationTerms, string> = {
  wording: '--wording',
  termsUrl: '--terms-url',
  privacyUrl: '--privacy-url',
};

export class InvalidTermsError extends Error {}

/**
 * The one check of terms on their way in: the contract's schema (the same the answers are described by). Throws an
 * InvalidTermsError naming the option and the rule.
 */
export const validTerms = (input: OrganisationTerms): OrganisationTerms => {
  const parsed = v.safeParse(OrganisationTermsWire, input);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const key = issue.path?.[0]?.key as keyof OrganisationTerms | undefined;
  const option = key ? OPTION_OF[key] : 'the terms';
  const rule =
    key === 'wording'
      ? `one of ${TermsWordingSchema.options.join(', ')}`
      : `an absolute https address (http only on localhost or 127.0.0.1) of at most ${LINK_MAX} characters`;
  const given = JSON.stringify(issue.input) ?? String(issue.input);
  const shown = given.length > 80 ? `${given.slice(0, 77)}...` : given;
  throw new InvalidTermsError(`${option} must be ${rule}: ${shown}`);
};

/** Stores the organisation's terms (validated here as well) and when an operator set them. */
export const saveOrganisationTerms = async (
  db: Database,
  organisationId: number,
  terms: OrganisationTerms,
  now: Date,
): Promise<OrganisationTerms> => {
  const checked = validTerms(terms);
  await db
    .update(organisations)
    .set({
      termsWording: checked.wording,
      termsUrl: checked.termsUrl,
      privacyUrl: checked.privacyUrl,
      termsSetAt: now,
    })
    .where(eq(organisations.id, organisationId));
  return checked;
};

/** Every organisation with terms of its own (a wording or an address); the others show the site's. */
export const listOrganisationTerms = (db: Database) =>
  db
    .select({
      subdomain: organisations.subdomain,
      termsWording: organisations.termsWording,
      termsUrl: organisations.termsUrl,
      privacyUrl: organisations.privacyUrl,
      termsSetAt: organisations.termsSetAt,
    })
    .from(organisations)
    .where(
      or(
        ne(organisations.termsWording, 'default'),
        isNotNull(organisations.termsUrl),
        isNotNull(organisations.privacyUrl),
      ),
    )
    .orderBy(asc(organisations.subdomain));
