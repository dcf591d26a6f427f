/**
 * A local OpenID provider (oidc-provider) for the demo and the tests: the accounts it knows, the clients it serves,
 * its own development login form (any password), and consent taken as given so only the login is asked.
 * Never used in production (server/idp/demoProvider.ts guards the mount).
 */
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface LocalAccount {
  /** What one types as the login on the provider's form. */
  login: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface LocalClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

const loadExistingGrant = async (ctx: KoaContextWithOIDC) => {
  const { client, session } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = session.grantIdFor(client.clientId);
  if (grantId) return ctx.oidc.provider.Grant.find(grantId);
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  session.grantIdFor(client.clientId, grant.jti);
  return grant;
};

export const createLocalProvider = (
  issuer: string,
  {
    accounts,
    clients,
    extra = {},
  }: { accounts: LocalAccount[]; clients: LocalClient[]; extra?: Configuration },
): Provider => {
  const configuration: Configuration = {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    // The e-mail in the ID token itself, as Okta and Entra ID put it when asked for (not only at userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    loadExistingGrant,
    findAccount: (_ctx, id) => {
      const account = accounts.find((candidate) => candidate.login === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
        }),
      };
    },
    ...extra,
  };
  const provider = new Provider(issuer, configuration);
  return provider;
};
