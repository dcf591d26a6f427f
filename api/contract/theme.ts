/**
 * docs/decisions/product.md: Dark mode. The colour scheme a visitor chose, remembered like the language (a cookie
 * the server reads too), so the first screen of the next page already comes in it. 'system' is no cookie at all:
 * the page then follows prefers-color-scheme.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = 'theme';

/** A year, like the language's cookie: the choice outlives the session and is renewed with every change. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The chosen scheme in a Cookie header (or document.cookie): 'system' when there is none or it is not ours. */
export function chosenThemeOf(cookies: string | undefined): Theme {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE) return value === 'light' || value === 'dark' ? value : 'system';
  }
  return 'system';
}

/**
 * The cookie that remembers `theme`, for document.cookie: the whole site, a year, Lax, Secure on https; 'system'
 * expires it. Not HttpOnly: the page writes it.
 */
export const themeCookie = (theme: Theme, secure: boolean): string =>
  `${THEME_COOKIE}=${theme === 'system' ? '' : theme}; Path=/; Max-Age=${theme === 'system' ? 0 : ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
