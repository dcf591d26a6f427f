import { msg } from '@lingui/core/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { comingSoon } from './comingSoon';
import { MagicLinkRoute } from './magicLink';

/** The /me screens (routes/account.tsx). */

/** The account page itself: still a placeholder. */
const MePage = comingSoon(msg`Your account`, { standalone: true });

/**
 * spec 2 /me: with magicLinkToken, the link is exchanged first (guardMe lets such a visitor in without a
 * session); the exchange then reloads /me without the token. A visitor who already has a session exchanges too:
 * the link may be for another account, and following it means signing in as that account.
 */
function MeRoute() {
  const { magicLinkToken, redirect } = mePage.useSearch();
  const { site } = mePage.useRouteContext();
  if (!magicLinkToken) return <MePage />;
  return <MagicLinkRoute token={magicLinkToken} redirect={redirect} site={site} />;
}

export const mePage = createLazyRoute('/me')({ component: MeRoute });
