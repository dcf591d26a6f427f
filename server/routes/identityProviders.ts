/**
 * Identity-provider sign-in starts (spec 1, 2; api/contract IDP_START_PATHS): whole-page navigations. This
 * reference server has no Azure or Okta credentials, so it sends the browser to the provider's error page with
 * the type the site shows as 'Organisation doesn't exist...' (spec 8).
 */
import { Hono } from 'hono';
import { IDP_START_PATHS } from '../../api/contract/paths';
import type { AppDeps, AppEnv } from '../deps';
import { siteLink } from '../siteLinks';

/** spec 8 identity-provider error type for "no organisation credentials configured". */
export const IDP_NOT_CONFIGURED = 'missing_organisation_credentials';

export const identityProviderRoutes = (deps: AppDeps) => {
  const routes = new Hono<AppEnv>();
  for (const [provider, startPath] of Object.entries(IDP_START_PATHS)) {
    routes.get(startPath, (c) =>
      c.redirect(siteLink(deps.config, `/auth/${provider}/error`, { type: IDP_NOT_CONFIGURED }), 302),
    );
  }
  return routes;
};
