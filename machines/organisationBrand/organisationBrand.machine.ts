import { assign, fromPromise, setup } from 'xstate';
import type { OrganisationBrand } from '../../api/contract/branding';

export interface OrganisationBrandInput {
  /** The organisation the page belongs to: the curator sign-up's 'welcome', lit, unicef_for_every_child. */
  subdomain: string;
}

/**
 * spec 2 Register ('Welcome to {name}' with the organisation logo) and Company-specific start pages (branded
 * welcome), on pages that know their organisation before any call names it: the organisation's branding is asked
 * for once (`getOrganisationBrand`, GET /api/organisations/:subdomain/brand). The page's form does not wait for it;
 * when it cannot be had, the page shows its welcome without it (docs/decisions/product.md: Organisation branding
 * comes from its data).
 */
export const organisationBrandMachine = setup({
  types: {} as {
    context: { subdomain: string; brand: OrganisationBrand | undefined };
    input: OrganisationBrandInput;
  },
  actors: {
    getOrganisationBrand: fromPromise<OrganisationBrand, OrganisationBrandInput>(async () => {
      throw new Error('actor getOrganisationBrand must be provided');
    }),
  },
}).createMachine({
  id: 'organisationBrand',
  description:
    "docs/decisions/product.md: Organisation branding comes from its data: a page's organisation's name, logo and accent",
  context: ({ input }) => ({ subdomain: input.subdomain, brand: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'docs/decisions/product.md: Organisation branding comes from its data: asked for once; the form does not wait',
      invoke: {
        id: 'getOrganisationBrand',
        src: 'getOrganisationBrand',
        input: ({ context }) => ({ subdomain: context.subdomain }),
        onDone: { target: 'shown', actions: assign({ brand: ({ event }) => event.output }) },
        onError: 'unbranded',
      },
    },
    shown: {
      description: "spec 2 Register: 'Welcome to {name}' with the organisation logo, in its accent",
      type: 'final',
    },
    unbranded: {
      description:
        'docs/decisions/product.md: Organisation branding comes from its data: not to be had, the welcome without it',
      type: 'final',
    },
  },
});
