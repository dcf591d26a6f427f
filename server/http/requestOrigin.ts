import type { Context } from 'hono';

/**
 * The scheme and host the caller reached this server at (the proxy's X-Forwarded-Host and -Proto only behind a
 * trusted proxy): where addresses the page loads from this server (an uploaded picture, a logo) must point, so
 * they are on the page's own host whichever of the server's names it used.
 */
export const requestOrigin = (c: Context, trustProxy: boolean): string => {
  const url = new URL(c.req.url);
  const host = (trustProxy && c.req.header('x-forwarded-host')) || url.host;
  const proto =
    (trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()) || url.protocol.replace(':', '');
  return `${proto}://${host}`;
};
