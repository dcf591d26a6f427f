/** Where the web app manifest is served (public/site.webmanifest, written by scripts/icons.ts). */
export const MANIFEST_PATH = '/site.webmanifest';

/**
 * Links the web app manifest once the app runs, rather than from the page's HTML: Chromium fetches a manifest
 * without credentials, so over a connection of its own, which a slow network would open while the first screen is
 * still arriving; nothing on the first screen needs it, and the browser reads a manifest linked later the same way
 * (docs/benchmarks.md: /me).
 */
export function linkManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  doc.head.append(link);
}
