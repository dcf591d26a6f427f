import type { FooterLinks } from '../../ui/components/Footer';
import { publicPath } from './safeRedirect';
import type { SiteEnv } from './siteEnv';

/** An absolute web link, or nothing: a footer link to nowhere is worse than no link. */
const webLink = (value: string | undefined): string | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The footer's targets (spec 2 Footer): privacy and terms are pages of this site; the browser plug-in and the FAQ
 * live elsewhere on the platform, so they come from the build's settings (VITE_PLUGIN_URL, VITE_FAQ_URL) and are
 * left out when not configured.
 */
export function footerLinks(
  site: Pick<SiteEnv, 'basePath'>,
  env: { VITE_PLUGIN_URL?: string; VITE_FAQ_URL?: string } = import.meta.env,
): FooterLinks {
  const plugin = webLink(env.VITE_PLUGIN_URL);
  const faq = webLink(env.VITE_FAQ_URL);
  return {
    privacy: publicPath('/privacy', site),
    terms: publicPath('/terms-of-service', site),
    ...(plugin ? { plugin } : {}),
    ...(faq ? { faq } : {}),
  };
}
