import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { UserProfile } from '../api/contract/profile';
import { getMe } from '../api/profile';
import type { PreviousLocation } from '../ui/me/previousLocation';
import { FALLBACK_TARGET, publicPath, type RedirectTarget, safeNext } from './site/safeRedirect';
import type { SiteEnv } from './site/siteEnv';

/**
 * How long the login page waits to learn whether the visitor already has a session before it shows the form
 * anyway (spec 2 Login: the check must not hold the form back for an anonymous visitor). Ours; the spec gives no
 * number. Long enough for a normal GET /api/me, short enough not to feel like a hang.
 */
export const LOGIN_SESSION_CHECK_MS = 1500;

/**
 * spec 7 Profile: any failure of GET /api/me means not logged in. With `budgetMs`, the request's own time-out is
 * that budget, and running out of it is no session either.
 */
export async function findSession(budgetMs?: number): Promise<UserProfile | null> {
  try {
    return await getMe(budgetMs === undefined ? {} : { timeoutMs: budgetMs });
  } catch {
    return null;
  }
}

/** The profile the /me guard read on entering the page, kept for the rest of the visit (router context). */
export interface VisitProfile {
  profile: UserProfile | null;
  /**
   * The profile the page itself came with: the server checked the session when it sent /me and drew its first
   * screen with this profile (docs/decisions/operations.md: First screen from the server). The first entry into /me takes it
   * instead of asking GET /api/me again, so the app renders the very tree the server drew, without waiting.
   */
  fromPage?: UserProfile;
  /**
   * /me's back link as the server read it from the request (its cookie and Referer), when the server draws the
   * page; the browser reads its own document otherwise (routes/mePages.lazy.tsx).
   */
  previous?: PreviousLocation | null;
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
  context: { site: SiteEnv; visit: VisitProfile };
  /** TanStack's reason: 'enter' the page, 'stay' on it (its search changed), or 'preload'. */
  cause: 'enter' | 'stay' | 'preload';
}

/**
 * spec 2 /me guard. With a session: follow a safe `redirect` parameter (docs/decisions/security.md: Redirect targets), else
 * stay and hand the profile to the page. Without one: to /login with `next` = this page, unless a magic-link token
 * is present, which the page itself exchanges for a session (spec 2 Forgot password magic link).
 * GET /api/me is read once per visit: on entering /me; a change of its search (a tab, a page of a list) reuses it.
 */
export async function guardMe({
  location,
  search,
  context,
  cause,
}: GuardArgs<{ magicLinkToken?: string; redirect?: string }>): Promise<{ profile: UserProfile | null }> {
  const { visit } = context;
  if (visit.fromPage) {
    visit.profile = visit.fromPage;
    // Once: a later entry (after leaving /me) asks again, as before.
    visit.fromPage = undefined;
  } else if (cause !== 'stay' || !visit.profile) visit.profile = await findSession();
  const profile = visit.profile;
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
export async function guardLogin({
  search,
  context,
}: {
  search: { next?: string };
  context: { site: SiteEnv };
}) {
  if (search.next === undefined) return;
  const profile = await findSession(LOGIN_SESSION_CHECK_MS);
  if (profile) throw redirectTo(safeNext(search.next, context.site), context.site);
}
