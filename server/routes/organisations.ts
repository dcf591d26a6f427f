/**
 * An organisation's branding (ours; docs/decisions/product.md: Organisation branding comes from its data):
 * - GET /api/organisations/:subdomain/brand: its display name, logo address and accent shades, for the pages that
 *   know the organisation before any call names it (the curator sign-up, /lit, /unicef);
 * - GET /api/organisations/:subdomain/logo?v=: the logo's bytes, with the type the server checked when it was
 *   stored, never sniffed, never run (docs/security.md: Organisation logos). With the current ?v= it is cached for a
 *   year (a new logo is a new address); with any other or none, revalidated.
 * Public, like the pages that show them: a subdomain is the organisation's public address anyway.
 */
import { Hono } from 'hono';
import { ORGANISATION_LOGO_PATH, OrganisationBrandParamsWire } from '../../api/contract/branding';
import { API_PATHS } from '../../api/contract/paths';
import { brandOf, readOrganisationLogo } from '../brand/organisationBrand';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { requestOrigin } from '../http/requestOrigin';
import { parseWith } from '../http/validate';
import { findOrganisation } from '../places';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A logo's path: its answer says its own Cache-Control (server/http/firstLayer.ts ownCaching). */
export const isOrganisationLogoPath = (path: string): boolean =>
  /^\/api\/organisations\/[^/]+\/logo$/.test(path);

export const organisationRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  const organisationOf = async (subdomain: string | undefined) => {
    const { subdomain: checked } = parseWith(OrganisationBrandParamsWire, { subdomain });
    return findOrganisation(db, checked);
  };
  return new Hono<AppEnv>()
    .get(API_PATHS.getOrganisationBrand.path, async (c) => {
      const organisation = await organisationOf(c.req.param('subdomain'));
      if (!organisation) throw fail('registration_company_id_subdomain_not_found_error');
      return c.json(brandOf(organisation, requestOrigin(c, config.trustProxy)));
    })
    .get(ORGANISATION_LOGO_PATH, async (c) => {
      const organisation = await organisationOf(c.req.param('subdomain'));
      const logo = organisation ? await readOrganisationLogo(db, organisation.id) : null;
      if (!logo) return c.json({ code: 'unknown_server_error', message: 'not found' }, 404);
      const current = c.req.query('v') === logo.version;
      return c.body(logo.content as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': logo.mediaType,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': current ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        ETag: `"${logo.version}"`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Content-Disposition': 'inline',
        // Mails and pages on another of the server's names show it too.
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
    });
};
