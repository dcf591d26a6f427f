/** The organisationBrand model's samples (test/model/samples.ts). */
import { accentShades } from '../../api/contract/branding';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { organisationBrandMachine } from './organisationBrand.machine';

export const organisationBrandSamples = {
  input: { subdomain: 'lit' },
  events: {
    'xstate.done.actor.getOrganisationBrand': [
      {
        output: {
          name: 'LIT Learning',
          logoUrl: 'http://localhost:3000/api/organisations/lit/logo?v=0123456789abcdef',
          accent: accentShades('#c2410c'),
        },
      },
    ],
    'xstate.error.actor.getOrganisationBrand': [refusal('unknown_server_error')],
  },
} satisfies ModelSamples<typeof organisationBrandMachine>;
