/** The startByCompanyId model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { accentShades, type OrganisationBrand } from '../../api/contract/branding';
import { DEFAULT_ORGANISATION_TERMS, type OrganisationTerms } from '../../api/contract/organisationTerms';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { startByCompanyIdMachine } from './startByCompanyId.machine';
import type { StartTextField } from './startByCompanyId.types';

const change = (field: StartTextField, value: string) => ({ field, value });

/**
 * What the checks answer about the organisation, as the reference server's data would: lit with its wording and
 * terms address (the reserved .example domain) and no privacy address (the site's page); papier_union the site's own.
 */
const LIT_TERMS: OrganisationTerms = {
  wording: 'lit',
  termsUrl: 'https://lit.example/terms',
  privacyUrl: null,
};

/** papier_union's branding as the reference server's demo seed answers it: its own name, an accent, no logo. */
const PAPIER_UNION_BRAND: OrganisationBrand = {
  name: 'Papier Union',
  logoUrl: null,
  accent: accentShades('#2f6f4f'),
};

export const startByCompanyIdSamples = {
  input: {},
  events: {
    'field.change': (snapshot) => {
      if (snapshot.hasTag('busy')) return [];
      if (snapshot.matches('organisationSubdomain'))
        return [change('organisationSubdomain', 'lit'), change('organisationSubdomain', 'papier_union')];
      if (snapshot.matches('companyId'))
        return [change('userLastName', 'Doe'), change('userCompanyId', '1001')];
      if (snapshot.matches('email'))
        return [
          change('email', 'jane@example.com'),
          change('confirmEmail', 'jane@example.com'),
          change('confirmEmail', 'joe@example.com'),
        ];
      return [];
    },
    'terms.change': [{ checked: true }],
    'step.force': [{ step: 0 }, { step: 1 }],
    reset: [{ clear: false }, { clear: true }],
    'xstate.done.actor.checkCompanyId': (snapshot) => [
      snapshot.context.organisationSubdomain.trim().toLowerCase() === 'lit'
        ? { output: { terms: LIT_TERMS } }
        : { output: { terms: DEFAULT_ORGANISATION_TERMS, brand: PAPIER_UNION_BRAND } },
    ],
    'xstate.error.actor.checkCompanyId': (snapshot) => {
      if (snapshot.matches('checkingSubdomain'))
        return [refusal('registration_company_id_subdomain_not_found_error')];
      if (snapshot.matches('checkingCompanyId'))
        return [
          refusal('registration_company_id_unknown_company_id_error'),
          refusal('rate_limited_error'),
          // docs/decisions/security.md Company-id sign-up races: confirmed already, at the address named (masked).
          refusal('user_is_already_confirmed_error', { details: { email: 'm***@e***.test' } }),
        ];
      return [
        refusal('email_already_exist_error'),
        refusal('user_is_already_confirmed_error'),
        // docs/decisions/security.md Company-id sign-up races: a registration waits at another address (masked).
        refusal('registration_pending_elsewhere_error', { details: { email: 'm***@e***.test' } }),
      ];
    },
  },
} satisfies ModelSamples<typeof startByCompanyIdMachine>;
