/** The confirmEmail model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { accentShades, type OrganisationBrand } from '../../api/contract/branding';
import type { ModelSamples } from '../../test/model/samples';
import type { confirmEmailMachine } from './confirmEmail.machine';

const result = (
  boardingMethod: 'email' | 'companyId',
  organisationSubdomain: string | null,
  brand?: OrganisationBrand,
) => ({
  output: { boardingMethod, organisationSubdomain, ...(brand && { brand }) },
});
/** lit as the reference server's demo seed brands it (its logo on the server's host). */
const LIT_BRAND: OrganisationBrand = {
  name: 'LIT',
  logoUrl: 'http://localhost:3000/api/organisations/lit/logo?v=0123456789abcdef',
  accent: accentShades('#c2410c'),
};
const events = {
  'xstate.done.actor.confirmEmail': [
    result('email', null),
    result('companyId', 'lit', LIT_BRAND),
    result('companyId', 'UNICEF_for_every_child'),
    result('companyId', 'acme'),
  ],
  'xstate.error.actor.confirmEmail': [
    { error: { failure: { code: 'user_confirm_token_invalid_error', fieldErrors: [] } } },
    { error: { failure: { code: 'user_is_already_confirmed_error', fieldErrors: [] } } },
  ],
};

/** The link with a token; the model test walks the tokenless link as a second model. */
export const confirmEmailSamples = {
  input: { token: 'abc' },
  events,
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof confirmEmailMachine>;
