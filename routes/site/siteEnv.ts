import { REMEMBERED_DEVICE_DAYS, REMEMBERED_DEVICE_DAYS_META } from '../../api/contract/limits';
/**
 * Where the account site runs: the facts every derived URL (spec 2) and every redirect check depends on.
 * Passed around as a plain value so urls.ts and safeRedirect.ts stay pure and testable.
 */
export interface SiteEnv {
  /** development: every host maps to a path on the dev server (docs/decisions/conventions.md: Development mapping). */
  mode: 'development' | 'production';
  /** The origin the account site is served from, e.g. https://example.com or http://localhost:5173. */
  origin: string;
  /** The platform's host (with port when not default): organisations and channels live under it. */
  platformHost: string;
  /** Where the router is mounted, with leading and trailing slash: '/root/' in development, '/' in production. */
  basePath: string;
}

/**
 * The platform host: the server's PLATFORM_HOST as the page tells it (server/sitePage.ts), so the addresses the site
 * builds are the ones the server mails and answers; else VITE_PLATFORM_HOST (a build served without our server);
 * else the site's own host (organisations are its subdomains). docs/decisions/operations.md: The site learns the platform host
 * from the server.
 */
export function platformHostOf(
  page: Pick<Document, 'querySelector'>,
  configured: string | undefined,
  siteHost: string,
): string {
  const told = page.querySelector<HTMLMetaElement>('meta[name="platform-host"]')?.content.trim();
  return told || configured?.trim() || siteHost;
}

/**
 * How many days 'Remember this device' lasts: the server's REMEMBERED_DEVICE_DAYS as the page tells it
 * (server/sitePage.ts), else the default (docs/decisions/security.md: Remember this device).
 */
export function rememberedDeviceDaysOf(page: Pick<Document, 'querySelector'>): number {
  const told = Number(
    page.querySelector<HTMLMetaElement>(`meta[name="${REMEMBERED_DEVICE_DAYS_META}"]`)?.content,
  );
  return Number.isInteger(told) && told >= 1 && told <= 365 ? told : REMEMBERED_DEVICE_DAYS;
}

/** The environment of the running site: Vite's mode and base, the browser's origin, the platform host. */
export function browserSiteEnv(): SiteEnv {
  return {
    mode: import.meta.env.DEV ? 'development' : 'production',
    origin: window.location.origin,
    platformHost: platformHostOf(
      document,
      import.meta.env.VITE_PLATFORM_HOST as string | undefined,
      window.location.host,
    ),
    basePath: normaliseBasePath(import.meta.env.BASE_URL),
  };
}

/** '/root' and 'root/' become '/root/'; '' becomes '/'. */
export function normaliseBasePath(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}
