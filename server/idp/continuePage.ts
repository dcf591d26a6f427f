/**
 * 'Sign in with your organisation' is a GET form (ui/login/OrganisationSignIn.tsx), and a form submission is checked
 * against the CSP's form-action on every redirect it follows: a 302 chain from the form to the organisation's
 * provider on another origin is blocked by `form-action 'self'`. So the form's own navigation ends here, on our
 * origin, with a 200 page that moves on by a meta refresh (and a plain link): navigations form-action does not
 * govern (docs/decisions/security.md: Sign in with your organisation ends on our origin). The page has no script and no
 * style, so the site's strict CSP needs no exception for it.
 */
import type { Context } from 'hono';
import type { OrganisationBrand } from '../../api/contract/branding';
import { escapeHtml } from '../html';
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from '../http/contentSecurityPolicy';

/** The host a person is about to be sent to, as the link's label (the issuer's, or the target's when unreadable). */
const hostOf = (issuer: string, fallback: string): string => {
  try {
    return new URL(issuer).host || fallback;
  } catch {
    return fallback;
  }
};

/**
 * The organisation the person signs in with, above the link (docs/decisions/product.md: Organisation branding comes
 * from its data): its logo, decorative beside the written name, or the name alone without one, never a broken image.
 * Sized by attributes, as the page has no style.
 */
const brandLine = (brand: OrganisationBrand | undefined): string => {
  if (!brand) return '';
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" width="48" height="48"> ` : '';
  return `<p>${logo}<strong>${escapeHtml(brand.name)}</strong></p>\n`;
};

export const continuePageHtml = (target: string, issuer: string, brand?: OrganisationBrand): string => {
  const href = escapeHtml(target);
  const label = escapeHtml(hostOf(issuer, target));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${href}">
<title>${label}</title>
</head>
<body>
<main>${brandLine(brand)}<p><a href="${href}">${label}</a></p></main>
</body>
</html>
`;
};

/** The page with the site's headers (server/site.ts pageHeaders), never stored: it is one person's step. */
export const continuePage = (
  c: Context,
  { production }: { production: boolean },
  target: string,
  issuer: string,
  brand?: OrganisationBrand,
) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', contentSecurityPolicy());
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (production) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return c.html(continuePageHtml(target, issuer, brand), 200);
};
