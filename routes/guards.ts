import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { UserProfile } from '../api/contract/profile';
import { getMe } from '../api/profile';
import { FALLBACK_TARGET, publicPath, type RedirectTarget, safeNext } from './safeRedirect';
import type { SiteEnv } from './siteEnv';

/**
 * How long the login page waits to learn whether the visitor already has a session before it shows the form
 * anyway (spec 2 Login: the check must not hold the form back for an anonymous visitor). Ours; the spec gives no
 * number. Long enough for a normal GET /api/me, short enough not to feel like a hang.
 */
export const LOGIN_SESSION_CHECK_MS = 1500;

/** spec 7 Profile: any failure of GET /api/me means not logged in. */
export async function findSession(): Promise<UserProfile | null> {
  try {
    return await getMe();
  } catch {
    return null;
  }
}

/** findSession, but taken as "no session" when it does not answer within `budgetMs`. */
export function findSessionWithin(budgetMs: number): Promise<UserProfile | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  return Promise.race([findSession(), giveUp]).finally(() => clearTimeout(timer));
}

/**
 * The router redirect to a checked target: a page of this site through the router (no reload), anything else
 * as a whole-page navigation. Site paths go as public hrefs (base path included), which the router reads
 * unambiguously whatever the base path is.
 */
export function redirectTo(target: RedirectTarget, site: SiteEnv) {
  if (target.kind === 'site') return redirect({ href: publicPath(target.path, site), replace: true });
  return redirect({ href: target.href, reloadDocument: true, replace: true });
}

interface GuardArgs<TSearch> {
  location: ParsedLocation;
  search: TSearch;
  context: { site: SiteEnv };
}

/**
 * spec 2 /me guard. With a session: follow a safe `redirect` parameter (docs/decisions.md: Redirect targets), else stay and hand the
 * profile to the page. Without one: to /login with `next` = this page, unless a magic-link token is present, which
 * the page itself exchanges for a session (spec 2 Forgot password magic link).
 */
export async function guardMe({
  location,
  search,
  context,
}: GuardArgs<{ magicLinkToken?: string; redirect?: string }>): Promise<{ profile: UserProfile | null }> {
  const profile = await findSession();
  if (profile) {
    if (search.redirect !== undefined && !search.magicLinkToken) {
      const target = safeNext(search.redirect, context.site);
      if (target !== FALLBACK_TARGET) throw redirectTo(target, context.site);
    }
    return { profile };
  }
  if (search.magicLinkToken) return { profile: null };
  throw redirect({ to: '/login', search: { next: publicPath(location.href, context.site) }, replace: true });
}

/**
 * spec 2 Login: an already-authenticated visitor with `next` is sent there (safeNext; refused targets go to
 * /me). Only asked when `next` is present, and never for longer than LOGIN_SESSION_CHECK_MS.
 */
export async function guardLogin({ search, context }: Omit<GuardArgs<{ next?: string }>, 'location'>) {
  if (search.next === undefined) return;
  const profile = await findSessionWithin(LOGIN_SESSION_CHECK_MS);
  if (profile) throw redirectTo(safeNext(search.next, context.site), context.site);
}
