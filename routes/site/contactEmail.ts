import type { SiteEnv } from './siteEnv';

/**
 * The site's contact address: where employees whose details are not found can write (spec 8), and where someone
 * who signed up alone and lost both authenticator and recovery codes can ask. The build may set its own address;
 * else support@ the site's host, read from the site's environment (not the browser's `location`), so the server
 * draws the same first screen the browser then takes over.
 */
export const contactEmail = (site: Pick<SiteEnv, 'origin'>): string =>
  import.meta.env.VITE_CONTACT_EMAIL || `support@${new URL(site.origin).hostname}`;
