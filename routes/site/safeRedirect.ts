import type { SiteEnv } from './siteEnv';

/**
 * Where a `next` (login) or `redirect` (/me) parameter may send the browser (docs/decisions/security.md: Redirect targets).
 * `site`: a page of this SPA, as a router path (base path stripped), so the router can go there without a reload.
 * `external`: an absolute URL for a whole-page navigation (another host under the platform, or a development
 * path outside the site such as /organisation/acme/webapp).
 */
export type RedirectTarget = { kind: 'site'; path: string } | { kind: 'external'; href: string };

/** spec 2 Me page: the default landing after login, and where every refused target goes instead. */
export const FALLBACK_TARGET: RedirectTarget = { kind: 'site', path: '/me' };

/** Longer than any real URL of ours; a cheap guard against pathological input. */
const MAX_TARGET_LENGTH = 2048;

/** Site pages that would send the visitor round in a circle (login -> next=login) or log them out. */
const LOOPING_PATHS = new Set(['/login', '/logout']);

/**
 * The target a `next` or `redirect` parameter may lead to, or the /me fallback.
 *
 * Followed only when it points to this site (same origin) or to a host under the platform's host over https (or
 * over the site's own scheme, for a production build run locally over http). The check runs on the URL as the
 * browser's own parser reads it (tabs and newlines dropped, backslashes as slashes, relative paths resolved
 * against the site), and the returned value is that parsed URL, so what we check is exactly where we go.
 */
export function safeNext(target: unknown, env: SiteEnv): RedirectTarget {
  if (typeof target !== 'string') return FALLBACK_TARGET;
  const raw = target.trim();
  if (!raw || raw.length > MAX_TARGET_LENGTH) return FALLBACK_TARGET;

  let url: URL;
  let site: URL;
  try {
    site = new URL(env.basePath, env.origin);
    url = new URL(raw, site);
  } catch {
    return FALLBACK_TARGET;
  }
  // blob: and the like report the origin they were made on, so the scheme is checked before the origin.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return FALLBACK_TARGET;
  // https://user@evil.com and https://platform.example@evil.com: credentials in a link are a phishing device.
  if (url.username || url.password) return FALLBACK_TARGET;

  if (url.origin === site.origin) return sameOriginTarget(url, site.pathname);
  if (url.protocol !== 'https:' && url.protocol !== site.protocol) return FALLBACK_TARGET;
  if (!isUnderPlatformHost(url, env.platformHost)) return FALLBACK_TARGET;
  return { kind: 'external', href: url.href };
}

function sameOriginTarget(url: URL, basePath: string): RedirectTarget {
  const siteRoot = basePath.replace(/\/$/, '');
  const insideSite = url.pathname === siteRoot || url.pathname.startsWith(`${siteRoot}/`);
  if (!insideSite) return { kind: 'external', href: url.href };

  // '/..//evil.example' is '//evil.example' once its dot segments are resolved: a path on this origin, but as an
  // href it is protocol-relative and names another host. One leading slash keeps it a path of this site.
  const routerPath = (url.pathname.slice(siteRoot.length) || '/').replace(/^\/+/, '/');
  const comparable = routerPath.toLowerCase().replace(/\/+$/, '');
  if (LOOPING_PATHS.has(comparable)) return FALLBACK_TARGET;
  return { kind: 'site', path: `${routerPath}${url.search}${url.hash}` };
}

/** The platform host itself or any subdomain of it, on the same port. */
function isUnderPlatformHost(url: URL, platformHost: string): boolean {
  let platform: string;
  try {
    // Parsed with the target's scheme so a default port written out (:443) compares equal to none.
    platform = new URL(`${url.protocol}//${platformHost}`).host;
  } catch {
    return false;
  }
  if (!platform) return false;
  return url.host === platform || url.host.endsWith(`.${platform}`);
}

/** An absolute URL for a whole-page navigation to the target. */
export function targetHref(target: RedirectTarget, env: SiteEnv): string {
  if (target.kind === 'external') return target.href;
  return new URL(publicPath(target.path, env), env.origin).href;
}

/**
 * The public path (base path included) of a router href such as '/me?redirect=x': what a `next` parameter
 * carries, so that it means the same page whether the router or a whole-page navigation follows it.
 */
export function publicPath(routerHref: string, env: Pick<SiteEnv, 'basePath'>): string {
  // Every leading slash goes: the base path gives the one a path needs, and '//' would name another host.
  return `${env.basePath}${routerHref.replace(/^[/\\]+/, '')}`;
}
