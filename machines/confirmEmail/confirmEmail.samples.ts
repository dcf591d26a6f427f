/** The confirmEmail model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { ModelSamples } from '../../test/model/samples';
import type { confirmEmailMachine } from './confirmEmail.machine';

const result = (boardingMethod: 'email' | 'companyId', organisationSubdomain: string | null) => ({
  output: { boardingMethod, organisationSubdomain },
});
const events = {
  'xstate.done.actor.confirmEmail': [
    result('email', null),
    result('companyId', 'lit'),
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
