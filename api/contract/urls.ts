/**
 * The derived URLs of spec 2, in one place, for routes and views alike (a view may not import routes/, and a
 * URL rule is no routing). Pure: everything comes from the environment passed in (routes/site/siteEnv.ts).
 *
 * Production: organisations and channels are hosts under the platform host, with the scheme the site itself is
 * served with (https in real deployments, http when `npm start` runs on a developer machine).
 * Development (docs/decisions/conventions.md: Development mapping): every host maps to a path on the dev server: /root (this site),
 * /organisation/{subdomain}, /channel/{channel}-{organisation}, /embed.
 *
 * Channel label order: spec 2 'Derived URLs' writes `{organisation}-{channel subdomain}`, but the Register preview
 * (`{channelsubdomain}-{organisationsubdomain}.{host}`) and spec 7 ('channel-organisation') both put the channel
 * first. Two sources against one: we build `{channel}-{organisation}` everywhere.
 */
export interface UrlEnv {
  /** development: every host maps to a path on the dev server (docs/decisions/conventions.md: Development mapping). */
  mode: 'development' | 'production';
  /** The origin the account site is served from, e.g. https://example.com or http://localhost:5173. */
  origin: string;
  /** The platform's host (with port when not default): organisations and channels live under it. */
  platformHost: string;
}

export interface ChannelAddress {
  channelSubdomain: string;
  organisationSubdomain: string;
}

/** Development paths standing in for the platform's hosts (docs/decisions/conventions.md: Development mapping). */
export const DEV_PATHS = {
  accountSite: '/root',
  organisation: '/organisation',
  channel: '/channel',
  embed: '/embed',
} as const;

/**
 * A subdomain as one host label. Subdomains come from our own server, which validates them, so anything that
 * could change the URL's meaning ('.', '/', '@', ':') is a bug to surface, not to paper over. Underscores are
 * allowed because organisation codes such as unicef_for_every_child carry them (spec 9).
 */
export function hostLabel(subdomain: string): string {
  const label = subdomain.trim().toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(label))
    throw new RangeError(`Not a valid subdomain: ${JSON.stringify(subdomain)}`);
  return label;
}

function siteScheme(env: UrlEnv): string {
  return new URL(env.origin).protocol;
}

function devUrl(env: UrlEnv, path: string): string {
  return `${new URL(env.origin).origin}${path}`;
}

function hostUrl(env: UrlEnv, host: string): string {
  return `${siteScheme(env)}//${host}`;
}

/** The account site itself (where /me, /login... live), without trailing slash. */
export function accountSiteUrl(env: UrlEnv): string {
  return env.mode === 'development' ? devUrl(env, DEV_PATHS.accountSite) : new URL(env.origin).origin;
}

/** spec 2: organisation `{subdomain}.{host}`. */
export function organisationUrl(subdomain: string, env: UrlEnv): string {
  const label = hostLabel(subdomain);
  return env.mode === 'development'
    ? devUrl(env, `${DEV_PATHS.organisation}/${label}`)
    : hostUrl(env, `${label}.${env.platformHost}`);
}

/** spec 2: organisation login `/webapp/auth/login` on the organisation's URL. */
export function organisationLoginUrl(subdomain: string, env: UrlEnv): string {
  return `${organisationUrl(subdomain, env)}/webapp/auth/login`;
}

/** The combined label of a channel: `{channel}-{organisation}` (see the note on order above). */
export function channelLabel({ channelSubdomain, organisationSubdomain }: ChannelAddress): string {
  return `${hostLabel(channelSubdomain)}-${hostLabel(organisationSubdomain)}`;
}

/** spec 2: channel `{channel}-{organisation}.{host}`. */
export function channelUrl(address: ChannelAddress, env: UrlEnv): string {
  const label = channelLabel(address);
  return env.mode === 'development'
    ? devUrl(env, `${DEV_PATHS.channel}/${label}`)
    : hostUrl(env, `${label}.${env.platformHost}`);
}

/**
 * spec 2 Register: the preview shown under the subdomain field, host form without scheme, in every mode
 * (it shows the user the address their channel will have on the platform).
 */
export function channelHostPreview(address: ChannelAddress, env: Pick<UrlEnv, 'platformHost'>): string {
  return `${channelLabel(address)}.${env.platformHost}`;
}

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** spec 2: channel web app `{channel url}/webapp`. Takes a channel URL, built here or given by the server. */
export function channelWebAppUrl(channelBaseUrl: string): string {
  return `${withoutTrailingSlash(channelBaseUrl)}/webapp`;
}

/** spec 2: channel admin area `{channel url}/webapp/admin`. */
export function channelAdminUrl(channelBaseUrl: string): string {
  return `${withoutTrailingSlash(channelBaseUrl)}/webapp/admin`;
}

/** spec 2: story `{channel url}/stories/{id}`. */
export function storyUrl(channelBaseUrl: string, storyId: string | number): string {
  return `${withoutTrailingSlash(channelBaseUrl)}/stories/${encodeURIComponent(String(storyId))}`;
}

/** spec 2: embed host `embed.{host}`. */
export function embedHost(env: Pick<UrlEnv, 'platformHost'>): string {
  return `embed.${env.platformHost}`;
}

/** The embed host as a URL (development: /embed on the dev server). */
export function embedUrl(env: UrlEnv): string {
  return env.mode === 'development' ? devUrl(env, DEV_PATHS.embed) : hostUrl(env, embedHost(env));
}
