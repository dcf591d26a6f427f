import { Trans } from '@lingui/react/macro';
import { createLazyRoute, useRouter, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { resendConfirmation } from '../api/actors';
import type { UserProfile } from '../api/contract/profile';
import { organisationUrl } from '../api/contract/urls';
import { useMeChatSupport } from '../containers/me/chatSupport';
import { MeListsSection } from '../containers/me/lists';
import { type ListsSearch, listsInputOf, listsSearchIn } from '../containers/me/listsAddress';
import { MeProfileArea, useMeProfile } from '../containers/me/profile';
import { MeSecurity } from '../containers/me/security';
import { resendBy } from '../machines/resend/resend.machine';
import { useHeadingFocus } from '../ui/form/useHeadingFocus';
import { ConfirmationBanner } from '../ui/me/ConfirmationBanner';
import type { UserLists } from '../ui/me/chatSupport';
import { MePageFrame } from '../ui/me/MePageFrame';
import { ME_SECTIONS, MeSection, type MeSectionName } from '../ui/me/MeSection';
import { MeSectionNav } from '../ui/me/MeSectionNav';
import { previousLocationOf } from '../ui/me/previousLocation';
import { useSessionWatch } from './carried/sessionWatch';
import { MagicLinkRoute } from './magicLink';
import { footerLinks } from './site/footerLinks';
import { publicPath } from './site/safeRedirect';
import { browserSiteEnv } from './site/siteEnv';

/** The /me screens (routes/account.tsx). */

const organisationHref = (subdomain: string) => organisationUrl(subdomain, browserSiteEnv());

/**
 * spec 2 Me page. The profile is the one the guard read on entering the page (routes/guards.ts), not fetched again;
 * the back link reads the platform's previousLocation cookie once per visit.
 */
function MePage({ profile: read }: { profile: UserProfile }) {
  // Each read selects what it needs: the route's context is a new object on every navigation (the guard runs
  // again), and each list change writes the address; neither should redraw the whole page.
  const site = mePage.useRouteContext({ select: (context) => context.site });
  const visit = mePage.useRouteContext({ select: (context) => context.visit });
  const [profile, mergeProfile] = useMeProfile(read, visit);
  // As the server read it when it drew this page (so the app's first render is the tree it drew), else from here.
  const [previous] = useState(() =>
    visit.previous !== undefined ? visit.previous : previousLocationOf(document.cookie, document.referrer),
  );
  // The banner's 'Send again': the confirmation mail has no request of its own.
  const [resendMachine] = useState(() => resendBy(resendConfirmation));
  const resendRef = useActorRef(resendMachine, { input: { request: undefined } });
  const tagChatSupport = useMeChatSupport(profile);
  const router = useRouter();
  const [signedOut] = useState(
    () => () => void router.navigate({ to: '/login', search: { notice: 'signedOut' }, replace: true }),
  );
  useSessionWatch(signedOut);
  // A password changed here signs every other place out: the sessions list is drawn afresh (a new generation).
  const [sessionsGeneration, setSessionsGeneration] = useState(0);
  const [passwordChanged] = useState(() => () => setSessionsGeneration((generation) => generation + 1));
  const section = useMeSection();
  const navigate = mePage.useNavigate();
  const [moved, setMoved] = useState(false);
  const goTo = useCallback(
    (to: MeSectionName) => {
      setMoved(true);
      // The lists' place goes with /me/lists only: /me with it would be an old address (routes/account.tsx).
      void navigate({
        to: SECTION_PATHS[to],
        search: (previous) => (to === 'lists' ? { ...listsSearchIn(previous) } : {}),
      });
    },
    [navigate],
  );
  // After a move through the navigation the focus goes to the section's heading (the phone's menu has closed).
  useHeadingFocus(`${section}-heading`, moved ? section : false, { onMount: false });
  return (
    <MePageFrame
      homeHref={site.basePath}
      logoutHref={publicPath('/logout', site)}
      previous={previous}
      banner={profile.accountConfirmationPending ? <ConfirmationBanner actorRef={resendRef} /> : null}
      footerLinks={footerLinks(site)}
      nav={
        <MeSectionNav
          current={section}
          hrefs={{
            profile: publicPath(SECTION_PATHS.profile, site),
            security: publicPath(SECTION_PATHS.security, site),
            lists: publicPath(SECTION_PATHS.lists, site),
          }}
          onNavigate={goTo}
        />
      }
    >
      {/* On /me only, and a component of its own: it reads the lists' search, which must not redraw the page. */}
      {section === 'profile' ? <OldAddresses /> : null}
      {section === 'profile' ? (
        <MeSection id={ME_SECTIONS.profile} heading={<Trans>Profile</Trans>}>
          <MeProfileArea profile={profile} onProfileChange={mergeProfile} />
        </MeSection>
      ) : null}
      {section === 'security' ? (
        <MeSecurity
          profile={profile}
          loginHref={publicPath('/login?notice=accountDeleted', site)}
          onPasswordChanged={passwordChanged}
          sessionsGeneration={sessionsGeneration}
        />
      ) : null}
      {/* Kept while another section shows (hidden): the chat-support tags need the lists, and their place stays. */}
      <div hidden={section !== 'lists'}>
        <MeSection id={ME_SECTIONS.lists} heading={<Trans>Organisations and channels</Trans>}>
          <MeListsArea profile={profile} onListsSettled={tagChatSupport} />
        </MeSection>
      </div>
    </MePageFrame>
  );
}

/**
 * Sends an address from before /me's sections had their own on (docs/decisions/product.md: /me sections), in place:
 * the lists' place in /me's search, or #lists, to /me/lists; #security to /me/security.
 */
function OldAddresses() {
  const navigate = mePage.useNavigate();
  const search = mePage.useSearch({ select: listsSearchIn, structuralSharing: true });
  const hash = useRouterState({ select: (state) => state.location.hash });
  useEffect(() => {
    const listsPlace = Object.values(search).some((value) => value !== undefined);
    const to =
      hash === 'security' ? '/me/security' : hash === 'lists' || listsPlace ? '/me/lists' : undefined;
    if (to) void navigate({ to, search: (previous) => previous, hash: '', replace: true });
  }, [search, hash, navigate]);
  return null;
}

/** Each section's address (docs/decisions/product.md: /me sections; routes/account.tsx). */
const SECTION_PATHS = { profile: '/me', security: '/me/security', lists: '/me/lists' } as const;

/** The section the address names: the child route that matched under /me, or none (/me itself, the Profile). */
function useMeSection(): MeSectionName {
  const routeId = useRouterState({ select: (state) => state.matches.at(-1)?.routeId });
  if (routeId === '/me/security') return 'security';
  if (routeId === '/me/lists') return 'lists';
  return 'profile';
}

/**
 * The list area in its place in /me's address (docs/decisions/product.md: Lists in the address): read once into the lists
 * machine, written back on each change. It subscribes to the lists' own search keys, so the address write of a
 * sort, page or search redraws this area only, not the profile and security sections around it.
 */
function MeListsArea({
  profile,
  onListsSettled,
}: {
  profile: UserProfile;
  onListsSettled: (lists: UserLists) => void;
}) {
  const search = mePage.useSearch({ select: listsSearchIn, structuralSharing: true });
  const navigate = mePage.useNavigate();
  const [listsInput] = useState(() => listsInputOf(search));
  // Written on /me/lists only: the lists' place in another section's address would be an old address there.
  const writeListsPlace = useCallback(
    (lists: ListsSearch) =>
      void navigate({
        to: '/me/lists',
        search: (previous) => ({ ...previous, ...lists }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  );
  return (
    <MeListsSection
      profile={profile}
      organisationHref={organisationHref}
      onListsSettled={onListsSettled}
      input={listsInput}
      onPlaceChange={writeListsPlace}
    />
  );
}

/**
 * spec 2 /me: with magicLinkToken, the link is exchanged first (guardMe lets such a visitor in without a
 * session); the exchange then reloads /me without the token. A visitor who already has a session exchanges too:
 * the link may be for another account, and following it means signing in as that account.
 */
function MeRoute() {
  const magicLinkToken = mePage.useSearch({ select: (search) => search.magicLinkToken });
  const redirect = mePage.useSearch({ select: (search) => search.redirect });
  const site = mePage.useRouteContext({ select: (context) => context.site });
  const profile = mePage.useRouteContext({ select: (context) => context.profile });
  if (magicLinkToken) return <MagicLinkRoute token={magicLinkToken} redirect={redirect} site={site} />;
  // guardMe sends a visitor without a session and without a token to /login, so a profile is here.
  if (!profile) return null;
  return <MePage profile={profile} />;
}

export const mePage = createLazyRoute('/me')({ component: MeRoute });
