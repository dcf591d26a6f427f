/**
 * GET /api/organisations/:subdomain/brand, and its actor (the organisationBrand machine's slot). Apart from
 * api/registration.ts and api/actors.ts, which are in every page's first load: only the lazy pages that ask for an
 * organisation's branding (the curator sign-up, /lit, /unicef) load this (vite.config.ts keeps it out of the
 * runtime chunk; /login's budget has no room for it).
 */
import { fromPromise } from 'xstate';
import { callApi } from './client';
import { type OrganisationBrand, OrganisationBrandWire } from './contract/branding';

export const fetchOrganisationBrand = async (input: { subdomain: string }): Promise<OrganisationBrand> =>
  callApi('getOrganisationBrand', { params: { subdomain: input.subdomain } }, OrganisationBrandWire);

export const getOrganisationBrand = /* @__PURE__ */ fromPromise<OrganisationBrand, { subdomain: string }>(
  ({ input }) => fetchOrganisationBrand(input),
);
