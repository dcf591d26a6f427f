/** The companyStart model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { OrganisationTerms } from '../../api/contract/organisationTerms';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { companyStartMachine } from './companyStart.machine';

/**
 * lit's terms checkbox as the check answers it: its wording and terms address (the reserved .example domain), no
 * privacy address (the site's page).
 */
const LIT_TERMS: OrganisationTerms = {
  wording: 'lit',
  termsUrl: 'https://lit.example/terms',
  privacyUrl: null,
};

export const companyStartSamples = {
  input: { organisationSubdomain: 'lit' },
  events: {
    'field.change': (snapshot) => {
      if (snapshot.matches('details'))
        return [
          { field: 'userLastName' as const, value: 'Jane Doe' },
          { field: 'userCompanyId' as const, value: 'L-1001' },
        ];
      if (snapshot.matches('email'))
        return [
          { field: 'email' as const, value: 'jane@example.com' },
          { field: 'confirmEmail' as const, value: 'jane@example.com' },
          { field: 'confirmEmail' as const, value: 'joe@example.com' },
        ];
      return [];
    },
    'terms.change': [{ checked: true }],
    'xstate.done.actor.checkCompanyPage': [{ output: { terms: LIT_TERMS } }],
    'xstate.error.actor.checkCompanyPage': [
      refusal('registration_company_id_unknown_company_id_error'),
      // docs/decisions/security.md Company-id sign-up races: confirmed already, at the address named (masked).
      refusal('user_is_already_confirmed_error', { details: { email: 'm***@e***.test' } }),
    ],
    'xstate.done.actor.registerCompanyPage': [{ output: undefined }],
    'xstate.error.actor.registerCompanyPage': [
      refusal('email_already_exist_error'),
      // docs/decisions/security.md Company-id sign-up races: a registration waits at another address (masked).
      refusal('registration_pending_elsewhere_error', { details: { email: 'm***@e***.test' } }),
    ],
  },
} satisfies ModelSamples<typeof companyStartMachine>;
