/**
 * Mutating calls from another origin are refused (docs/decisions/security.md: Sessions). Browsers send Origin on every cross-origin
 * request and on same-origin POST/PUT/DELETE; a call without it comes from a non-browser client (curl, tests),
 * which a cookie-riding attack cannot be. Sec-Fetch-Site backs this up for browsers that leave Origin out.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { fail } from './problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginOptions {
  /** Origins allowed besides the request's own host, e.g. the Vite dev server. */
  allowedOrigins: readonly string[];
  /** Read the host from X-Forwarded-Host (behind a proxy). */
  trustProxy: boolean;
}

export const sameOrigin =
  (options: SameOriginOptions): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin === undefined) {
      if (c.req.header('sec-fetch-site') === 'cross-site') throw refused();
      return next();
    }
    if (options.allowedOrigins.includes(origin)) return next();
    // The whole origin, scheme included, exactly as a browser writes it (no path, no trailing slash): an Origin of
    // http:// for an https site, or one with a path, is not ours. 'null' (sandboxed frames, file://) never is.
    if (origin.toLowerCase() === ownOrigin(c, options.trustProxy)) return next();
    throw refused();
  };

const ownOrigin = (c: Context, trustProxy: boolean): string => {
  const url = new URL(c.req.url);
  const forwarded = (name: string) =>
    trustProxy ? c.req.header(name)?.split(',')[0]?.trim() || undefined : undefined;
  const scheme = forwarded('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const host = forwarded('x-forwarded-host') ?? c.req.header('host') ?? url.host;
  return `${scheme}://${host}`.toLowerCase();
};

const refused = () => fail('forbidden_error', { message: 'cross-origin request refused' });

/**
 * A form post from one of this site's own pages (docs/decisions/security.md: Form posts from the site's own pages).
 * Stricter than the JSON calls' check: a plain HTML form needs no preflight and no custom header, so any site can
 * make a visitor's browser send one (login CSRF: signing the visitor into the attacker's account; mail bombing). A
 * browser names the form's origin in Origin on every POST; it must be this site's (or an allowed one). Without
 * Origin, only Sec-Fetch-Site 'same-origin' is taken; a request with neither is not from a browser's page of ours.
 */
export const isOwnFormPost = (c: Context, options: SameOriginOptions): boolean => {
  const origin = c.req.header('origin');
  if (origin === undefined) return c.req.header('sec-fetch-site') === 'same-origin';
  if (c.req.header('sec-fetch-site') === 'cross-site') return false;
  return options.allowedOrigins.includes(origin) || origin.toLowerCase() === ownOrigin(c, options.trustProxy);
};
