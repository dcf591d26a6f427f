/**
 * Requests are answered only under the site's own host names (docs/decisions/security.md: Hosts and listen address). A page
 * on another name that points its DNS at this server (DNS rebinding), or any client that sends someone else's
 * Host, gets 421 Misdirected Request before any route, the demo OpenID provider included: it must not read the
 * demo mailbox or sign in with what it finds there.
 *
 * Accepted: the host of SITE_URL, the names in ALLOWED_HOSTS, and in demo mode localhost, 127.0.0.1 and [::1] on
 * the server's port. PLATFORM_HOST is not among them: organisation and channel addresses are built on it (spec 2)
 * but served by the platform, not by this server; an operator who routes it here lists it in ALLOWED_HOSTS. Behind
 * a proxy (TRUST_PROXY) the first X-Forwarded-Host counts, as the rest of the server reads it (sameOrigin.ts).
 */
import type { ServerConfig } from '../config';
import { HEALTH_PATHS } from '../ops/health';

type HostConfig = Pick<
  ServerConfig,
  'siteUrl' | 'allowedHosts' | 'trustProxy' | 'demo' | 'production' | 'port' | 'loopbackToSite'
>;

/** A host as a Host header carries it: a name or an IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST_SYNTAX = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * One spelling per host: lower case, no trailing dot on the name, no port when it is the default one (80, 443).
 * Null for anything that is not a plain host (a user-info part, a path, spaces...).
 */
export const normalHost = (host: string): string | null => {
  const trimmed = host.trim();
  if (!HOST_SYNTAX.test(trimmed)) return null;
  const { hostname, port } = new URL(`http://${trimmed}`);
  const name = hostname.replace(/\.$/, '');
  return port === '' || port === '443' ? name : `${name}:${port}`;
};

/** GET /health/live and /health/ready (server/ops/health.ts). */
const HEALTH_PROBES: ReadonlySet<string> = new Set(Object.values(HEALTH_PATHS));

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Every host this server answers under, normalised. */
export const acceptedHosts = (config: HostConfig): ReadonlySet<string> => {
  const hosts = [new URL(config.siteUrl).host, ...(config.allowedHosts ?? [])];
  if (config.demo && !config.production)
    hosts.push(...LOOPBACK_NAMES.map((name) => `${name}:${config.port}`));
  return new Set(hosts.map(normalHost).filter((host): host is string => host !== null));
};

/** The host the request was sent to: X-Forwarded-Host's first value behind a trusted proxy, else Host. */
const requestHost = (request: Request, trustProxy: boolean): string | undefined => {
  const forwarded = trustProxy
    ? request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || undefined
    : undefined;
  return forwarded ?? request.headers.get('host') ?? undefined;
};

/** The refusal: tiny, in the spec 8 shape, never cached. */
const misdirected = () =>
  Response.json(
    { code: 'forbidden_error', message: 'unknown host' },
    { status: 421, headers: { 'Cache-Control': 'no-store' } },
  );

/**
 * In demo mode with SITE_URL left to its default, a page opened on a loopback alias of SITE_URL's host (http://127.0.0.1:3000 when SITE_URL is
 * http://localhost:3000) is sent to SITE_URL's host: passkeys are bound to that host (the relying party) and the
 * organisation sign-in's provider calls back there, so on the alias both would fail. API calls are answered as
 * before (a page never makes them from the alias once sent on).
 */
const demoAliasRedirect = (config: HostConfig, request: Request, host: string): Response | null => {
  if (!config.loopbackToSite || !config.demo || config.production) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const site = new URL(config.siteUrl);
  if (host === normalHost(site.host)) return null;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/')) return null;
  return new Response(null, {
    status: 307,
    headers: { Location: `${site.origin}${url.pathname}${url.search}`, 'Cache-Control': 'no-store' },
  });
};

/** Wraps the server's whole fetch (server/main.ts): nothing behind it sees a request for another host. */
export const withHostCheck = <E, F extends (request: Request, env: E) => unknown>(
  config: HostConfig,
  fetch: F,
): F => {
  const accepted = acceptedHosts(config);
  return ((request: Request, env: E) => {
    // A load balancer probes by address, not by name: the health probes tell nothing and are answered under any host.
    if (HEALTH_PROBES.has(new URL(request.url).pathname)) return fetch(request, env);
    const host = requestHost(request, config.trustProxy);
    const normal = host === undefined ? null : normalHost(host);
    if (normal === null || !accepted.has(normal)) return misdirected();
    return demoAliasRedirect(config, request, normal) ?? fetch(request, env);
  }) as F;
};
