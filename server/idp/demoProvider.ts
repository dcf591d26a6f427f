/**
 * Demo mode only (never in production): a local OpenID provider on this server under DEMO_IDP_PATH, one demo
 * account, and two demo organisations set up against it, one as Okta and one as Azure, each with a channel, so a
 * newcomer can try the whole sign-in from /login (README 'Sign in with your organisation').
 */
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { channels } from '../db/schema';
import { ensureOrganisation } from '../places';
import { createLocalProvider } from './localProvider';
import { type IdpProvider, saveIdpSettings } from './settings';

export const DEMO_IDP_PATH = '/idp-demo';
/** The one person the demo provider knows: log in on its form as DEMO_IDP_LOGIN with any password. */
export const DEMO_IDP_LOGIN = 'demo';
export const DEMO_IDP_EMAIL = 'idp.demo@example.com';

export const DEMO_IDP_ORGANISATIONS: ReadonlyArray<{
  subdomain: string;
  name: string;
  provider: IdpProvider;
}> = [
  { subdomain: 'oktademo', name: 'Okta Demo', provider: 'okta' },
  { subdomain: 'azuredemo', name: 'Azure Demo', provider: 'azure' },
];

const clientOf = (config: ServerConfig, provider: IdpProvider) => ({
  clientId: `${provider}-demo`,
  // Public on purpose: the demo provider exists only on a developer's machine.
  clientSecret: `${provider}-demo-secret`,
  redirectUris: [`${config.siteUrl}/auth/${provider}/callback`],
});

const demoIssuer = (config: ServerConfig) => `${config.siteUrl}${DEMO_IDP_PATH}`;

/** Mounts the provider in front of the app's fetch; outside demo mode the app's fetch is returned untouched. */
export const withDemoProvider = <F extends (request: Request, env: HttpBindings) => unknown>(
  config: ServerConfig,
  fetch: F,
): F => {
  if (config.production || !config.demo || !config.idp?.demoProvider) return fetch;
  const provider = createLocalProvider(demoIssuer(config), {
    accounts: [{ login: DEMO_IDP_LOGIN, email: DEMO_IDP_EMAIL, name: 'Idp Demo' }],
    clients: DEMO_IDP_ORGANISATIONS.map((organisation) => clientOf(config, organisation.provider)),
  });
  const handle = provider.callback();
  return ((request: Request, env: HttpBindings) => {
    const { pathname } = new URL(request.url);
    if (pathname !== DEMO_IDP_PATH && !pathname.startsWith(`${DEMO_IDP_PATH}/`)) return fetch(request, env);
    // The provider sees paths below its mount point and finds the prefix in originalUrl, as under express.
    const incoming = env.incoming as typeof env.incoming & { originalUrl?: string };
    incoming.originalUrl = incoming.url;
    incoming.url = (incoming.url ?? '/').slice(DEMO_IDP_PATH.length) || '/';
    handle(incoming, env.outgoing);
    return RESPONSE_ALREADY_SENT;
  }) as F;
};

/** The two demo organisations, their channels and their settings (idempotent, like the rest of the seed). */
export const seedDemoIdentityProviders = async (
  db: Database,
  config: ServerConfig,
  now: Date,
): Promise<void> => {
  if (config.production) return;
  for (const { subdomain, name, provider } of DEMO_IDP_ORGANISATIONS) {
    const organisation = await ensureOrganisation(db, subdomain, name, now);
    await db
      .insert(channels)
      .values({ organisationId: organisation.id, name: `${name} News`, subdomain: 'news', createdAt: now })
      .onConflictDoNothing();
    const client = clientOf(config, provider);
    await saveIdpSettings(
      db,
      config,
      organisation.id,
      {
        provider,
        issuer: demoIssuer(config),
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        allowedDomains: ['example.com'],
        enabled: true,
      },
      now,
    );
  }
};
