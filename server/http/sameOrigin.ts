/**
 * Mutating calls from another origin are refused (docs/decisions.md: Sessions). Browsers send Origin on every cross-origin
 * request and on same-origin POST/PUT/DELETE; a call without it comes from a non-browser client (curl, tests),
 * which a cookie-riding attack cannot be. Sec-Fetch-Site backs this up for browsers that leave Origin out.
 */
import type { MiddlewareHandler } from 'hono';
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
    const ownHost =
      (options.trustProxy ? c.req.header('x-forwarded-host') : undefined) ??
      c.req.header('host') ??
      new URL(c.req.url).host;
    if (hostOf(origin) === ownHost) return next();
    throw refused();
  };

const hostOf = (origin: string): string | undefined => {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // 'null' (sandboxed frames, file://) and garbage are never ours
  }
};

const refused = () => fail('forbidden_error', { message: 'cross-origin request refused' });
