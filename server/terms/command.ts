/**
 * `npm run terms -- <show|list|set|clear> ...` (scripts/terms.ts): an operator's way to give an organisation the
 * wording and the addresses of its terms-and-privacy checkbox (spec 2 Register). Kept apart from the script so
 * tests run it against a test database. Everything it stores passes the contract's schema
 * (api/contract/organisationTerms.ts), the one the answers are described by.
 */
import { parseArgs } from 'node:util';
import { type OrganisationTerms, TermsWordingSchema } from '../../api/contract/organisationTerms';
import { type OperatorCommandContext, organisationOf, required, UsageError } from '../ops/operatorCommand';
import {
  InvalidTermsError,
  listOrganisationTerms,
  saveOrganisationTerms,
  termsOf,
} from './organisationTerms';

/** Given for an address: the site's own page (/terms-of-service or /privacy) instead of the organisation's. */
const SITE = 'site';

export const TERMS_USAGE = `Usage:
  npm run terms -- show --organisation <subdomain>
  npm run terms -- list
  npm run terms -- set --organisation <subdomain> [--wording <${TermsWordingSchema.options.join('|')}>]
                       [--terms-url <https URL|${SITE}>] [--privacy-url <https URL|${SITE}>]
      (what is not given is kept; '${SITE}' puts the site's own /terms-of-service or /privacy back)
  npm run terms -- clear --organisation <subdomain>
      (the default wording and the site's own /terms-of-service and /privacy)`;

export { UsageError };
/** The context terms runs in: the database, the time, where its lines go. */
export type TermsCommandContext = OperatorCommandContext;

/** An address option as given: kept when absent, the site's page for 'site', else the address (checked on save). */
const addressOption = (given: unknown, kept: string | null): string | null => {
  if (typeof given !== 'string') return kept;
  return given.trim().toLowerCase() === SITE ? null : given;
};

const describe = (subdomain: string, terms: OrganisationTerms, setAt: Date | null): string[] => [
  `${subdomain}: wording ${terms.wording}`,
  `  terms:   ${terms.termsUrl ?? "the site's own /terms-of-service"}`,
  `  privacy: ${terms.privacyUrl ?? "the site's own /privacy"}`,
  `  set by an operator: ${setAt ? setAt.toISOString() : 'never'}`,
];

export const runTermsCommand = async (argv: string[], context: TermsCommandContext): Promise<void> => {
  const [action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      organisation: { type: 'string' },
      wording: { type: 'string' },
      'terms-url': { type: 'string' },
      'privacy-url': { type: 'string' },
    },
    strict: true,
  });
  const { db, now, print } = context;
  const save = async (organisation: { id: number; subdomain: string }, terms: OrganisationTerms) => {
    try {
      const saved = await saveOrganisationTerms(db, organisation.id, terms, now);
      for (const line of describe(organisation.subdomain, saved, now)) print(line);
    } catch (error) {
      if (error instanceof InvalidTermsError) throw new UsageError(error.message);
      throw error;
    }
  };
  switch (action) {
    case 'show': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      for (const line of describe(organisation.subdomain, termsOf(organisation), organisation.termsSetAt))
        print(line);
      return;
    }
    case 'list': {
      const rows = await listOrganisationTerms(db);
      if (rows.length === 0) print("No organisation has terms of its own: every one shows the site's.");
      for (const row of rows) {
        const terms = termsOf(row);
        print(
          [
            row.subdomain,
            terms.wording,
            terms.termsUrl ?? SITE,
            terms.privacyUrl ?? SITE,
            row.termsSetAt ? row.termsSetAt.toISOString() : 'never set by an operator',
          ].join('\t'),
        );
      }
      return;
    }
    case 'set': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      const options = ['wording', 'terms-url', 'privacy-url'] as const;
      if (options.every((name) => values[name] === undefined))
        throw new UsageError('set needs at least one of --wording, --terms-url, --privacy-url');
      const current = termsOf(organisation);
      await save(organisation, {
        wording: (values.wording?.trim() ?? current.wording) as OrganisationTerms['wording'],
        termsUrl: addressOption(values['terms-url'], current.termsUrl),
        privacyUrl: addressOption(values['privacy-url'], current.privacyUrl),
      });
      return;
    }
    case 'clear': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      await save(organisation, { wording: 'default', termsUrl: null, privacyUrl: null });
      return;
    }
    default:
      throw new UsageError(TERMS_USAGE);
  }
};
