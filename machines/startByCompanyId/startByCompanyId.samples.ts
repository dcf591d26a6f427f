/** The startByCompanyId model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { accentShades, type OrganisationBrand } from '../../api/contract/branding';
import {
  COMPANY_ID_MAX,
  COMPANY_ID_MIN,
  LAST_NAME_MAX,
  LAST_NAME_MIN,
  START_SUBDOMAIN_MAX,
  START_SUBDOMAIN_MIN,
} from '../../api/contract/limits';
import { DEFAULT_ORGANISATION_TERMS, type OrganisationTerms } from '../../api/contract/organisationTerms';
import { lengthBoundaries, type ModelSamples, refusal } from '../../test/model/samples';
import type { startByCompanyIdMachine } from './startByCompanyId.machine';
import type { StartContext, StartTextField } from './startByCompanyId.types';

const change = (field: StartTextField, value: string) => ({ field, value });

/**
 * spec 5 Start limits, walked at their edges: min-1, min and max characters of the subdomain, the last name and the
 * company id (the inputs' maxLength keeps max+1 from being typed), each followed by Next (`thenSend`), beside a
 * valid other field, so the step's check decides. Made of 'x' so the calls below leave these paths at the check
 * (they would otherwise repeat the whole rest of the flow once per length).
 */
export const startBoundaries = {
  organisationSubdomain: lengthBoundaries(START_SUBDOMAIN_MIN, START_SUBDOMAIN_MAX, {
    unit: 'x',
    typable: false,
  }),
  userLastName: lengthBoundaries(LAST_NAME_MIN, LAST_NAME_MAX, { unit: 'x', typable: false }),
  userCompanyId: lengthBoundaries(COMPANY_ID_MIN, COMPANY_ID_MAX, { unit: 'x', typable: false }),
};
const probing = (context: StartContext) =>
  [context.organisationSubdomain, context.userLastName, context.userCompanyId].some((value) =>
    /^x+$/.test(value),
  );

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
      const { context } = snapshot;
      if (snapshot.matches('organisationSubdomain'))
        return [
          change('organisationSubdomain', 'lit'),
          change('organisationSubdomain', 'papier_union'),
          ...(context.organisationSubdomain === ''
            ? startBoundaries.organisationSubdomain.map((value) => change('organisationSubdomain', value))
            : []),
        ];
      if (snapshot.matches('companyId'))
        return [
          change('userLastName', 'Doe'),
          change('userCompanyId', '1001'),
          ...(context.userLastName === '' && context.userCompanyId === '1001'
            ? startBoundaries.userLastName.map((value) => change('userLastName', value))
            : []),
          ...(context.userLastName === 'Doe' && context.userCompanyId === ''
            ? startBoundaries.userCompanyId.map((value) => change('userCompanyId', value))
            : []),
        ];
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
    'xstate.done.actor.checkCompanyId': (snapshot) =>
      probing(snapshot.context)
        ? []
        : [
            snapshot.context.organisationSubdomain.trim().toLowerCase() === 'lit'
              ? { output: { terms: LIT_TERMS } }
              : { output: { terms: DEFAULT_ORGANISATION_TERMS, brand: PAPIER_UNION_BRAND } },
          ],
    'xstate.error.actor.checkCompanyId': (snapshot) => {
      if (probing(snapshot.context)) return [];
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
  // The boundary values ride along the steps' other events: about 1600 snapshots instead of 900, past the default.
  limit: 10_000,
  thenSend: (sample) =>
    sample.type === 'field.change' && /^x+$/.test((sample as { value?: string }).value ?? '')
      ? 'form.submit'
      : undefined,
} satisfies ModelSamples<typeof startByCompanyIdMachine>;
