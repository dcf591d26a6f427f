/**
 * spec 2 Me page: the back link goes to the previous location, which the platform leaves in the cookie
 * `previousLocation` as JSON holding `link` and `title`; it is hidden when the visitor came from a register page.
 * Only http(s) links and paths pass: the cookie is readable and writable by any page of the platform's domain, so
 * it must never become a javascript: link.
 */
export interface PreviousLocation {
  link: string;
  title: string;
}

export const PREVIOUS_LOCATION_COOKIE = 'previousLocation';

const cookieValue = (cookies: string, name: string): string | undefined => {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
};

const safeLink = (link: string): boolean => {
  if (link.startsWith('/') && !link.startsWith('//')) return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** The register pages of spec 2 (/register and the company-id sign-up) hide the back link. */
const cameFromRegister = (referrer: string): boolean => {
  if (!referrer) return false;
  try {
    return /\/(register|start)(\/|$)/.test(new URL(referrer).pathname);
  } catch {
    return false;
  }
};

export function previousLocationOf(cookies: string, referrer: string): PreviousLocation | null {
  if (cameFromRegister(referrer)) return null;
  const raw = cookieValue(cookies, PREVIOUS_LOCATION_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { link, title } = parsed as Record<string, unknown>;
    if (typeof link !== 'string' || !safeLink(link)) return null;
    return { link, title: typeof title === 'string' ? title.trim() : '' };
  } catch {
    return null;
  }
}
