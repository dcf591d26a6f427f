/**
 * Serves the built site (dist/) at / next to the API: each file in the encoding the browser accepts (brotli or gzip,
 * compressed at build time by scripts/precompress.ts), hashed assets cached for a year, and every other non-API
 * path answered with the page (index.html with the visitor's catalogue, server/sitePage.ts) so the router can take
 * it (SPA fallback).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { FLOWS_MARKER, isFlowsPath, isFramablePath, isSitePath } from '../api/contract/sitePaths';
import type { AppEnv } from './deps';
import { firstScreens } from './firstScreens';
import {
  type CspSources,
  contentSecurityPolicy,
  platformFrameAncestors,
  STRICT_TRANSPORT_SECURITY,
} from './http/contentSecurityPolicy';
import { isApiPath } from './http/errorLayer';
import { serverLog } from './ops/logger';
import { pageTemplate } from './pageTemplate';
import { type FormPostAnswers, isFormPostPath } from './routes/formPosts';
import { type SignedInProfile, sitePage } from './sitePage';

const ASSETS = '/assets/';

/**
 * Headers for every page: hashed assets cached for good, everything else revalidated; a strict CSP
 * (server/http/contentSecurityPolicy.ts), no framing (clickjacking on the login form) but for the no-brand pages,
 * which the platform may frame (api/contract/sitePaths.ts FRAMABLE_PATHS), no sniffing, no referrer leaks; HSTS in production. Set before the handler: serveStatic builds its response
 * before its onFound hook runs, so headers set there are lost.
 */
const pageHeaders =
  (
    { production, csp, site }: SiteOptions,
    ownHashes: () => Pick<CspSources, 'styleHashes' | 'scriptHashes'>,
  ): MiddlewareHandler =>
  async (c, next) => {
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    if (isFramablePath(c.req.path)) {
      // X-Frame-Options cannot name the platform; browsers that know frame-ancestors ignore it anyway.
      const frameAncestors = platformFrameAncestors(site?.platformHost);
      c.header('Content-Security-Policy', contentSecurityPolicy({ ...csp, ...ownHashes(), frameAncestors }));
    } else {
      c.header('Content-Security-Policy', contentSecurityPolicy({ ...csp, ...ownHashes() }));
      c.header('X-Frame-Options', 'DENY');
    }
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (production) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    // Source maps would publish the sources: in production they stay on disk (for an error tracker), not served.
    if (production && c.req.path.endsWith('.map')) return c.notFound();
    await next();
    if (c.req.path.startsWith(ASSETS) && c.res.status === 200) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    }
    // The icons and the manifest have fixed names (browsers ask for /favicon.ico): kept a week, not for ever.
    if (ICON_FILES.has(c.req.path) && c.res.status === 200) c.header('Cache-Control', ICON_CACHE);
    // The body depends on Accept-Encoding even when it went out uncompressed: caches must keep the variants apart.
    if (!c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
  };

/** public/ (scripts/icons.ts): what browsers ask for at the site's root. */
export const ICON_FILES: ReadonlySet<string> = new Set([
  '/favicon.ico',
  '/favicon.svg',
  '/apple-touch-icon.png',
  '/icon-192.png',
  '/icon-512.png',
  '/site.webmanifest',
]);
export const ICON_CACHE = 'public, max-age=604800';

export interface SiteOptions {
  /** Production: HSTS, and no source maps served. */
  production: boolean;
  /** What Sentry and the chat widget need in the CSP, when the build is configured with them. */
  csp?: CspSources;
  /** Where the site runs, for drawing public pages' first screens (server/firstScreens.ts); none without it. */
  site?: { origin: string; platformHost: string };
  /** The session's profile, for drawing /me for its signed-in visitor (server/pageProfile.ts); /me is not drawn without it. */
  signedInProfile?: SignedInProfile;
  /**
   * The answers to the pages' own form posts (server/routes/formPosts.ts); without them such a post is not found.
   */
  formPosts?: FormPostAnswers;
  /** REMEMBERED_DEVICE_DAYS, told to the login's 'Remember this device' box when it is not the 30 days (server/sitePage.ts). */
  rememberedDeviceDays?: number;
}

export const serveSite = (
  app: Hono<AppEnv>,
  distDir: string,
  options: SiteOptions = { production: false },
): void => {
  const root = path.relative(process.cwd(), distDir) || '.';
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) serverLog().warn(`${index} is missing: build the site (npm run build)`);
  const files = serveStatic({ root, precompressed: true });
  const template = pageTemplate(index);
  const page = sitePage(
    template,
    options.site && firstScreens(distDir, options.site),
    options.site?.platformHost,
    options.signedInProfile,
    options.rememberedDeviceDays,
  );
  const ownHashes = () => {
    try {
      const { styleHashes, scriptHashes } = template();
      return { styleHashes, scriptHashes };
    } catch {
      return {}; // no build yet: the page itself answers the error
    }
  };
  // The flow explorer's pages exist only in a build that has it (it writes the marker; vite.config.ts).
  const hasFlows = existsSync(path.join(root, FLOWS_MARKER));
  const isPagePath = (requestPath: string) =>
    isSitePath(requestPath) || (hasFlows && isFlowsPath(requestPath));
  const skipApi =
    (handler: MiddlewareHandler): MiddlewareHandler =>
    (c, next) =>
      isApiPath(c.req.path) ? next() : handler(c, next);
  const isPage = (requestPath: string) => requestPath === '/' || requestPath === '/index.html';

  app.use('*', skipApi(pageHeaders(options, ownHashes)));
  // The page itself always comes with its catalogue (server/sitePage.ts), never as the bare file.
  app.get('*', (c, next) => (isPage(c.req.path) ? page(c) : next()));
  app.get('*', skipApi(files));
  // A page's own form, sent before its scripts ran (docs/decisions/product.md: Forms that work before their scripts).
  const { formPosts } = options;
  if (formPosts)
    app.post('*', (c, next) =>
      isFormPostPath(c.req.path)
        ? formPosts(c, (posted, status) => page(c, status as ContentfulStatusCode, posted))
        : next(),
    );
  // A missing asset is a real 404, not the page (which would then be cached as that asset).
  // Any other path gets the page too, so the router can show its not-found page, but with 404 unless the site
  // has that page (api/contract/sitePaths.ts): crawlers, monitors and caches see what it is.
  app.get('*', (c, next) =>
    isApiPath(c.req.path) || c.req.path.startsWith(ASSETS)
      ? next()
      : page(c, isPagePath(c.req.path) ? 200 : 404),
  );
};
