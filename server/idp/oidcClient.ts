/**
 * openid-client configurations per organisation: discovery of the issuer's metadata (and with it its JWKS) is
 * done once and reused until the settings change. Plain http is allowed only for an issuer on this machine
 * (settings.ts checkIssuer): the demo provider and the tests.
 */
import * as oidc from 'openid-client';
import type { IdpSettings } from './settings';

const cache = new Map<string, Promise<oidc.Configuration>>();

const cacheKey = (settings: IdpSettings, skew: number) =>
  JSON.stringify([settings.organisationId, settings.issuer, settings.clientId, settings.clientSecret, skew]);

/** clockSkewSeconds: how far ahead of this machine's clock the server's clock runs (tests move it). */
export const oidcConfiguration = (
  settings: IdpSettings,
  clockSkewSeconds = 0,
): Promise<oidc.Configuration> => {
  const key = cacheKey(settings, clockSkewSeconds);
  const known = cache.get(key);
  if (known) return known;
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const discovered = oidc
    .discovery(
      new URL(settings.issuer),
      settings.clientId,
      { [oidc.clockSkew]: clockSkewSeconds },
      oidc.ClientSecretPost(settings.clientSecret),
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    .catch((error: unknown) => {
      cache.delete(key); // An unreachable provider is asked again next time.
      throw error;
    });
  cache.set(key, discovered);
  return discovered;
};
