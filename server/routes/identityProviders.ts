/**
 * Identity-provider sign-in (spec 1, 2, 8; api/contract IDP_START_PATHS): whole-page navigations, never JSON.
 *
 * GET /auth/{provider}/start?organisation={subdomain} -> the organisation's provider, authorization code with
 * PKCE, state and nonce sealed in a short-lived cookie (server/idp/flowCookie.ts).
 * GET /auth/{provider}/callback -> code exchanged, ID token verified by openid-client (signature against the
 * issuer's JWKS, issuer, audience, nonce, expiry), the member found or created (server/idp/member.ts), a session
 * started exactly like a password login's -> /auth/{provider}/success. Our own two-factor is not asked: the
 * organisation's provider owns it. Every failure -> /auth/{provider}/error?type=<spec 8 type>, no session.
 */
import { Hono } from 'hono';
import * as oidc from 'openid-client';
import {
  IDP_ORGANISATION_QUERY,
  IDP_ORGANISATION_START_PATH,
  IDP_START_PATHS,
} from '../../api/contract/paths';
import { readOrganisationBrand } from '../brand/organisationBrand';
import type { AppDeps, AppEnv } from '../deps';
import { requestOrigin } from '../http/requestOrigin';
import { continuePage } from '../idp/continuePage';
import { IDP_FAILURE, type IdpFailure, IdpRefusal } from '../idp/errorTypes';
import { FLOW_TTL_MS, setFlowCookie, takeFlowCookie, UsedFlows } from '../idp/flowCookie';
import { memberFor } from '../idp/member';
import { oidcConfiguration } from '../idp/oidcClient';
import { findIdpSettings, type IdpProvider, type IdpSettings } from '../idp/settings';
import { noticeSignInBrowser } from '../mail/securityNotice';
import { randomToken } from '../security/crypto';
import { startSession } from '../sessions';
import { siteLink } from '../siteLinks';

/** spec 8 identity-provider error type for "no organisation credentials configured". */
export const IDP_NOT_CONFIGURED = IDP_FAILURE.missingOrganisationCredentials;

export const idpCallbackPath = (provider: IdpProvider) => `/auth/${provider}/callback`;
const SCOPE = 'openid email profile';

const refuse = (type: IdpFailure, reason: string): never => {
  throw new IdpRefusal(type, reason);
};

/** The organisation's settings for this provider, or the spec 8 refusal. */
const settingsFor = async (deps: AppDeps, provider: IdpProvider, subdomain: string): Promise<IdpSettings> => {
  if (!subdomain.trim()) return refuse(IDP_FAILURE.missingOrganisation, 'no organisation given');
  const found = await findIdpSettings(deps.db, deps.config, subdomain);
  if (found.kind === 'noOrganisation') return refuse(IDP_FAILURE.missingOrganisation, 'unknown organisation');
  if (found.kind === 'noSettings') return refuse(IDP_NOT_CONFIGURED, 'no settings');
  const { settings } = found;
  if (!settings.enabled || settings.provider !== provider)
    return refuse(IDP_NOT_CONFIGURED, 'disabled or other provider');
  return settings;
};

/** openid-client's refusals: the provider said no, or would not exchange the code -> invalid auth code. */
const typeOfError = (error: unknown): IdpFailure => {
  if (error instanceof IdpRefusal) return error.type;
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return IDP_FAILURE.invalidAuthCode;
  }
  return IDP_FAILURE.unknown;
};

export const identityProviderRoutes = (deps: AppDeps) => {
  const routes = new Hono<AppEnv>();
  const usedFlows = new UsedFlows();
  // 'Sign in with your organisation': the provider is the one the organisation has set, reached from a page on our
  // origin (server/idp/continuePage.ts: CSP form-action). Without one, back to /login with what was typed and the
  // spec 8 type, said under the field: the person chose no provider, so no provider's error page (a same-origin
  // redirect, which form-action allows).
  routes.get(IDP_ORGANISATION_START_PATH, async (c) => {
    const subdomain = c.req.query('organisation') ?? '';
    const found = subdomain.trim() ? await findIdpSettings(deps.db, deps.config, subdomain) : null;
    if (found?.kind === 'found' && found.settings.enabled) {
      const { provider, subdomain: organisation, issuer } = found.settings;
      const target = `${IDP_START_PATHS[provider]}?${new URLSearchParams({ organisation })}`;
      const brand = await readOrganisationBrand(
        deps.db,
        found.settings.organisationId,
        requestOrigin(c, deps.config.trustProxy),
      );
      return continuePage(c, deps.config, target, issuer, brand);
    }
    const type =
      !found || found.kind === 'noOrganisation' ? IDP_FAILURE.missingOrganisation : IDP_NOT_CONFIGURED;
    const back = { [IDP_ORGANISATION_QUERY.organisation]: subdomain, [IDP_ORGANISATION_QUERY.error]: type };
    return c.redirect(siteLink(deps.config, '/login', back), 302);
  });
  const skew = () => Math.round((deps.clock.now().getTime() - Date.now()) / 1000);

  for (const provider of Object.keys(IDP_START_PATHS) as IdpProvider[]) {
    const errorPage = (type: IdpFailure) => siteLink(deps.config, `/auth/${provider}/error`, { type });
    const redirectUri = siteLink(deps.config, idpCallbackPath(provider));

    routes.get(IDP_START_PATHS[provider], async (c) => {
      try {
        const settings = await settingsFor(deps, provider, c.req.query('organisation') ?? '');
        const configuration = await oidcConfiguration(settings, skew());
        const verifier = oidc.randomPKCECodeVerifier();
        const flow = {
          id: randomToken(16),
          provider,
          organisation: settings.subdomain,
          state: oidc.randomState(),
          nonce: oidc.randomNonce(),
          verifier,
          expiresAt: deps.clock.now().getTime() + FLOW_TTL_MS,
        };
        const url = oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: SCOPE,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        });
        setFlowCookie(c, deps.config, flow);
        return c.redirect(url.href, 302);
      } catch (error) {
        return c.redirect(errorPage(typeOfError(error)), 302);
      }
    });

    routes.get(idpCallbackPath(provider), async (c) => {
      try {
        const flow = takeFlowCookie(c, deps.config);
        if (!flow || flow.provider !== provider)
          return refuse(IDP_FAILURE.unknown, 'no flow for this browser');
        if (c.req.query('state') !== flow.state) return refuse(IDP_FAILURE.unknown, 'foreign state');
        if (!usedFlows.claim(flow, deps.clock.now().getTime()))
          return refuse(IDP_FAILURE.unknown, 'replayed flow');
        if (c.req.query('error')) return refuse(IDP_FAILURE.invalidAuthCode, 'the provider refused');
        const settings = await settingsFor(deps, provider, flow.organisation);
        const configuration = await oidcConfiguration(settings, skew());
        // The URL the provider sent the browser to, as openid-client compares it with redirect_uri.
        const current = new URL(redirectUri);
        current.search = new URL(c.req.url).search;
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        const email = typeof claims?.email === 'string' ? claims.email : '';
        // Okta says whether it verified the address; Entra ID does not, so there the allowed domains must vouch.
        const verified =
          claims?.email_verified === true || (provider === 'azure' && settings.allowedDomains.length > 0);
        if (!email.includes('@') || !verified) return refuse(IDP_FAILURE.unknown, 'no verified e-mail');
        const name = typeof claims?.name === 'string' ? claims.name : undefined;
        const user = await memberFor(deps.db, settings, { email, name }, deps.clock.now());
        await startSession(c, deps, user.id, { signIn: 'sso' });
        await noticeSignInBrowser(c, deps, user);
        return c.redirect(siteLink(deps.config, `/auth/${provider}/success`), 302);
      } catch (error) {
        return c.redirect(errorPage(typeOfError(error)), 302);
      }
    });
  }
  return routes;
};
