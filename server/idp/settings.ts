/**
 * Per-organisation identity-provider settings (spec 1 identity providers): written by `npm run idp` and read by
 * the sign-in flow. The client secret is sealed here on the way in and opened only when the flow needs it, so no
 * other code sees it; listings never carry it.
 */
import { asc, eq } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { IDP_PROVIDERS, identityProviderSettings, organisations } from '../db/schema';
import { findOrganisation } from '../places';
import { openClientSecret, sealClientSecret } from './secretBox';

export type IdpProvider = (typeof IDP_PROVIDERS)[number];

export const isIdpProvider = (value: string): value is IdpProvider =>
  (IDP_PROVIDERS as readonly string[]).includes(value);

/** What the flow needs to talk to an organisation's provider (the secret in the clear, in memory only). */
export interface IdpSettings {
  organisationId: number;
  subdomain: string;
  provider: IdpProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  enabled: boolean;
}

export interface IdpSettingsInput {
  provider: IdpProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  enabled: boolean;
}

/** The single organisation configured from the environment (IDP_ORGANISATION, ...) when it has no row. */
export type IdpEnvironmentSettings = IdpSettingsInput & { subdomain: string };

/** Lower case, no leading '@', no blanks, no repeats. */
export const normaliseDomains = (domains: readonly string[]): string[] => [
  ...new Set(domains.map((domain) => domain.trim().replace(/^@/, '').toLowerCase()).filter(Boolean)),
];

/** An issuer must be an https URL (http only for a provider on this machine: the demo and tests). */
export const checkIssuer = (issuer: string): string => {
  const url = new URL(issuer);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error(`issuer must be an https URL: ${issuer}`);
  }
  return url.href.replace(/\/$/, '');
};

/** Creates or replaces the organisation's settings (one provider per organisation). */
export const saveIdpSettings = async (
  db: Database,
  config: Pick<ServerConfig, 'production' | 'idp' | 'secretKeys'>,
  organisationId: number,
  input: IdpSettingsInput,
  now: Date,
): Promise<void> => {
  const values = {
    provider: input.provider,
    issuer: checkIssuer(input.issuer),
    clientId: input.clientId,
    clientSecretSealed: sealClientSecret(config, input.clientSecret, organisationId, input.provider),
    allowedDomains: normaliseDomains(input.allowedDomains),
    enabled: input.enabled,
    updatedAt: now,
  };
  await db
    .insert(identityProviderSettings)
    .values({ organisationId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: identityProviderSettings.organisationId, set: values });
};

export const removeIdpSettings = async (db: Database, organisationId: number): Promise<boolean> => {
  const removed = await db
    .delete(identityProviderSettings)
    .where(eq(identityProviderSettings.organisationId, organisationId))
    .returning({ id: identityProviderSettings.id });
  return removed.length > 0;
};

/** Every organisation's settings without the secret (the command's list). */
export const listIdpSettings = (db: Database) =>
  db
    .select({
      subdomain: organisations.subdomain,
      provider: identityProviderSettings.provider,
      issuer: identityProviderSettings.issuer,
      clientId: identityProviderSettings.clientId,
      allowedDomains: identityProviderSettings.allowedDomains,
      enabled: identityProviderSettings.enabled,
      updatedAt: identityProviderSettings.updatedAt,
    })
    .from(identityProviderSettings)
    .innerJoin(organisations, eq(organisations.id, identityProviderSettings.organisationId))
    .orderBy(asc(organisations.subdomain));

export type IdpLookup =
  | { kind: 'found'; settings: IdpSettings }
  /** No organisation with that subdomain (spec 8 missing organisation). */
  | { kind: 'noOrganisation' }
  /** The organisation has no usable settings (spec 8 missing organisation credentials). */
  | { kind: 'noSettings'; organisationId: number };

/** The organisation's settings by subdomain: its row, else the environment's single organisation. */
export const findIdpSettings = async (
  db: Database,
  config: Pick<ServerConfig, 'production' | 'idp' | 'secretKeys'>,
  subdomain: string,
): Promise<IdpLookup> => {
  const organisation = await findOrganisation(db, subdomain);
  if (!organisation) return { kind: 'noOrganisation' };
  const [row] = await db
    .select()
    .from(identityProviderSettings)
    .where(eq(identityProviderSettings.organisationId, organisation.id))
    .limit(1);
  const base = { organisationId: organisation.id, subdomain: organisation.subdomain };
  if (row) {
    const clientSecret = openClientSecret(config, row.clientSecretSealed, organisation.id, row.provider);
    const { provider, issuer, clientId, allowedDomains, enabled } = row;
    return {
      kind: 'found',
      settings: { ...base, provider, issuer, clientId, clientSecret, allowedDomains, enabled },
    };
  }
  const fallback = config.idp?.environment;
  if (fallback && fallback.subdomain.toLowerCase() === organisation.subdomain.toLowerCase()) {
    const { subdomain: _, ...settings } = fallback;
    return { kind: 'found', settings: { ...base, ...settings, issuer: checkIssuer(settings.issuer) } };
  }
  return { kind: 'noSettings', organisationId: organisation.id };
};
