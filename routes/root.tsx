import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { getTranslation } from '../api/actors';
import type { Locale } from '../api/contract/limits';
import type { PostedForm } from '../api/contract/postedForm';
import { type Theme, themeCookie } from '../api/contract/theme';
import { chosenLocaleOf, localeCookie } from '../i18n/chosenLocale';
import { detectLocale } from '../i18n/detectLocale';
import { i18n } from '../i18n/i18n';
import { languageMachine } from '../machines/language/language.machine';
import { ErrorPage, usePageTitle } from '../ui/components';
import { focusPageHeadingWhenDrawn } from '../ui/components/focusHeading';
import { lazyStrengthJudge, StrengthJudgeContext } from '../ui/components/strengthJudge';
import { LanguageGate } from '../ui/language/LanguageGate';
import { LanguageChoice } from '../ui/language/languageChoice';
import { showTheme, ThemeChoice } from '../ui/theme/themeChoice';
import { RouteNotFound } from './boundaries';
import type { VisitProfile } from './guards';
import type { SiteEnv } from './site/siteEnv';

/** What every route's beforeLoad can read: where the site runs (for redirects and derived URLs). */
export interface RouterContext {
  site: SiteEnv;
  /** The profile the /me guard read on entering the page (routes/guards.ts guardMe). */
  visit: VisitProfile;
  /** The locale of the page's first screen when the server rendered it (routes/router.tsx). */
  locale?: Locale;
  /**
   * What the server made of the page's own form post, when the page answers one (api/contract/postedForm.ts): the
   * form's route starts from it. Emptied once the app has taken the page over (main.tsx), so a later visit to the
   * page within this load starts afresh.
   */
  posted: { form?: PostedForm };
}

const appLanguageMachine = languageMachine.provide({ actors: { getTranslation } });
/** One judge for the page's life: its code, worker and dictionaries load only when a strength bar first asks. */
const strengthJudge = lazyStrengthJudge(() =>
  import('../ui/components/browserStrengthJudge').then(({ createBrowserStrengthJudge }) =>
    createBrowserStrengthJudge(),
  ),
);

/**
 * The app's frame: the one language actor (spec 4 Language loading, locale from the browser, spec 1, or the one
 * the visitor chose), the gate that holds the pages back until their language is ready, and the choice the footer's
 * switcher makes (remembered in a cookie), the colour scheme its theme switcher chooses (the same way), and the
 * browser's password-strength judge for every strength bar.
 * useActorRef creates the actor once.
 */
function Root() {
  const { locale } = rootRoute.useRouteContext();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // docs/decisions/product.md Languages: the page's own language, else the one chosen before, else the browser's.
  const language = useActorRef(appLanguageMachine, {
    input: { locale: locale ?? chosenLocaleOf(document.cookie) ?? detectLocale(navigator.languages) },
  });
  const choose = useCallback(
    (next: Locale) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the one cookie the site writes, read by the server too.
      document.cookie = localeCookie(next, window.location.protocol === 'https:');
      language.send({ type: 'locale.change', locale: next });
    },
    [language],
  );
  return (
    <LanguageChoice.Provider value={choose}>
      <ThemeChoice.Provider value={chooseTheme}>
        {/* The strength bars of every page judge in the browser (docs/decisions/operations.md: The strength bar is judged in the browser). */}
        <StrengthJudgeContext.Provider value={strengthJudge}>
          <LanguageGate actorRef={language}>
            <Outlet />
            <PageHeadingFocus key={pathname} />
          </LanguageGate>
        </StrengthJudgeContext.Provider>
      </ThemeChoice.Provider>
    </LanguageChoice.Provider>
  );
}

/** docs/decisions/product.md: Dark mode. The choice is kept in a cookie the server reads, and shown at once. */
function chooseTheme(theme: Theme) {
  // biome-ignore lint/suspicious/noDocumentCookie: the theme's cookie, read by the server too, like the language's.
  document.cookie = themeCookie(theme, window.location.protocol === 'https:');
  showTheme(document, theme);
}

/**
 * Each page (a new one per path: Root keys it by the path), loaded or navigated to (after login: /me or the `next`
 * page), starts with the focus on its heading rather than on the body (ui/components/focusHeading.ts).
 */
function PageHeadingFocus() {
  useEffect(() => focusPageHeadingWhenDrawn(document), []);
  return null;
}

/**
 * A failure of the frame itself (the gate), which no route boundary below can catch. When a language is
 * already active the usual error page is shown; before that no catalog exists, so the one plain sentence is
 * English, like the gate's own loader.
 */
function RootError() {
  if (!i18n.locale) {
    return (
      <main role="alert" style={{ padding: '2rem', textAlign: 'center' }}>
        Sorry, something went wrong. <a href={window.location.href}>Reload</a>
      </main>
    );
  }
  return (
    <I18nProvider i18n={i18n}>
      <main>
        <FrameErrorPage />
      </main>
    </I18nProvider>
  );
}

/** spec 2 'Sorry, something went wrong', titled like every page. */
function FrameErrorPage() {
  usePageTitle(msg`Sorry, something went wrong`);
  return <ErrorPage onRetry={() => window.location.reload()} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RootError,
  notFoundComponent: RouteNotFound,
});
