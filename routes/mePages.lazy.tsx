import { Trans } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback, useState } from 'react';
import { resendConfirmation } from '../api/actors';
import type { UserProfile } from '../api/contract/profile';
import { resendConfirmationMachine } from '../machines/resendConfirmation/resendConfirmation.machine';
import { ConfirmationBanner } from '../ui/me/ConfirmationBanner';
import { MePageFrame } from '../ui/me/MePageFrame';
import { ME_SECTIONS, MeSection } from '../ui/me/MeSection';
import { MeSectionNav } from '../ui/me/MeSectionNav';
import { previousLocationOf } from '../ui/me/previousLocation';
import { footerLinks } from './footerLinks';
import { MagicLinkRoute } from './magicLink';
import { useMeChatSupport } from './meChatSupport';
import { MeListsSection } from './meLists';
import { type ListsSearch, listsInputOf } from './meListsAddress';
import { MeProfileArea, useMeProfile } from './meProfile';
import { MeSecurityAccount } from './meSecurityAccount';
import { MeSecurityPasskeys } from './meSecurityPasskeys';
import { MeSecuritySessions } from './meSecuritySessions';
import { MeTwoFactorSection } from './meTwoFactor';
import { publicPath } from './safeRedirect';

/** The /me screens (routes/account.tsx). */

/**
 * spec 2 Me page. The profile is the one the guard read on entering the page (routes/guards.ts), not fetched again;
 * the back link reads the platform's previousLocation cookie once per visit.
 */
function MePage({ profile: read }: { profile: UserProfile }) {
  const { site, visit } = mePage.useRouteContext();
  const [profile, mergeProfile] = useMeProfile(read, visit);
  // As the server read it when it drew this page (so the app's first render is the tree it drew), else from here.
  const [previous] = useState(() =>
    visit.previous !== undefined ? visit.previous : previousLocationOf(document.cookie, document.referrer),
  );
  const [resendMachine] = useState(() =>
    resendConfirmationMachine.provide({ actors: { resendConfirmation } }),
  );
  const resendRef = useActorRef(resendMachine);
  const tagChatSupport = useMeChatSupport(profile);
  // docs/decisions.md Lists in the address: read once into the lists machine, written back on each change.
  const search = mePage.useSearch();
  const navigate = mePage.useNavigate();
  const [listsInput] = useState(() => listsInputOf(search));
  const writeListsPlace = useCallback(
    (lists: ListsSearch) =>
      void navigate({ search: (previous) => ({ ...previous, ...lists }), replace: true, resetScroll: false }),
    [navigate],
  );
  return (
    <MePageFrame
      homeHref={site.basePath}
      logoutHref={publicPath('/logout', site)}
      previous={previous}
      banner={profile.accountConfirmationPending ? <ConfirmationBanner actorRef={resendRef} /> : null}
      footerLinks={footerLinks(site)}
    >
      <MeSectionNav />
      <MeSection id={ME_SECTIONS.profile} heading={<Trans>Profile</Trans>}>
        <MeProfileArea profile={profile} onProfileChange={mergeProfile} />
      </MeSection>
      {/* The Security section (ui/me/SecuritySection.tsx); further security parts are mounted as its children. */}
      <MeTwoFactorSection profile={profile}>
        <MeSecurityAccount profile={profile} loginHref={publicPath('/login', site)} />
        <MeSecurityPasskeys profile={profile} />
        <MeSecuritySessions />
      </MeTwoFactorSection>
      <MeSection id={ME_SECTIONS.lists} heading={<Trans>Organisations and channels</Trans>}>
        <MeListsSection
          profile={profile}
          onListsSettled={tagChatSupport}
          input={listsInput}
          onPlaceChange={writeListsPlace}
        />
      </MeSection>
    </MePageFrame>
  );
}

/**
 * spec 2 /me: with magicLinkToken, the link is exchanged first (guardMe lets such a visitor in without a
 * session); the exchange then reloads /me without the token. A visitor who already has a session exchanges too:
 * the link may be for another account, and following it means signing in as that account.
 */
function MeRoute() {
  const { magicLinkToken, redirect } = mePage.useSearch();
  const { site, profile } = mePage.useRouteContext();
  if (magicLinkToken) return <MagicLinkRoute token={magicLinkToken} redirect={redirect} site={site} />;
  // guardMe sends a visitor without a session and without a token to /login, so a profile is here.
  if (!profile) return null;
  return <MePage profile={profile} />;
}

export const mePage = createLazyRoute('/me')({ component: MeRoute });
