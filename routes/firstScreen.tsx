/**
 * The first screen of a public page drawn on the server (docs/decisions/operations.md: First screen from the server), so the
 * browser paints it from the HTML alone (and /me, for the signed-in visitor the server checked), before any script runs: the reference server puts it into the page
 * (server/sitePage.ts) and main.tsx then hydrates it with the very same tree. Built by Vite as a server bundle
 * (scripts/firstScreenBundle.ts, dist-ssr/), next to the browser's build and from the same sources.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { Locale } from '../api/contract/limits';
import type { PostedForm } from '../api/contract/postedForm';
import { FIRST_SCREEN_PATHS, SIGNED_IN_FIRST_SCREEN_PATHS } from '../api/contract/sitePaths';
import type { TranslationMessages } from '../api/contract/translation';
import { profileOfAnswer } from '../api/pageProfile';
import { i18n } from '../i18n/i18n';
import { previousLocationOf } from '../ui/me/previousLocation';
import { AppRoot } from './appRoot';
import { createAppRouter } from './router';
import type { SiteEnv } from './site/siteEnv';

const CLIENT_RENDER_MARK = '<!--$!-->';

export interface FirstScreenRequest {
  /** A path of FIRST_SCREEN_PATHS, without search (a search may carry a token or ask a guard: not drawn here). */
  path: string;
  locale: Locale;
  /** The compiled catalogue of `locale`, the one the page carries too (api/pageCatalogue.ts). */
  texts: TranslationMessages;
  site: SiteEnv;
  /**
   * For a page of SIGNED_IN_FIRST_SCREEN_PATHS: what the server read of the signed-in visitor (their GET /api/me
   * answer for the session it checked, and their request's Cookie and Referer headers for /me's back link).
   * Without it such a page is not drawn.
   */
  visitor?: { me: unknown; cookies: string; referrer: string };
  /** What the server made of the page's own form post (server/routes/formPosts.ts): the page answers it. */
  posted?: PostedForm;
}

/**
 * The HTML of the page's first screen, for inside <div id="root">; null for a path whose first screen depends on
 * the visitor (their session, a token) or when the page did not settle on the screen itself (a redirect, an
 * error): the browser then draws it as before.
 */
export async function renderFirstScreen({
  path,
  locale,
  texts,
  site,
  visitor,
  posted,
}: FirstScreenRequest): Promise<string | null> {
  const fromPage = visitor && profileOfAnswer(visitor.me);
  const signedIn = SIGNED_IN_FIRST_SCREEN_PATHS.includes(path);
  if (!(FIRST_SCREEN_PATHS.includes(path) || (signedIn && fromPage))) return null;
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    site,
    locale,
    onServer: true,
    // The browser starts from the same profile (the page carries it, api/pageProfile.ts) and reads the same back
    // link from its own document, so its first render is this tree.
    visit:
      signedIn && fromPage && visitor
        ? { fromPage, previous: previousLocationOf(visitor.cookies, visitor.referrer) }
        : {},
    posted: posted ? { form: posted } : {},
  });
  await router.load();
  const { status, location, matches } = router.state;
  const settled = matches.every((match) => match.status === 'success');
  if (status !== 'idle' || location.pathname !== path || !settled) return null;
  // Rendering is synchronous, so the one Lingui instance holds this page's language for the whole render.
  i18n.loadAndActivate({ locale, messages: texts });
  const html = renderToString(<AppRoot router={router} />);
  // A part that threw while drawing is left to the browser ('<!--$!-->', React's client-render marker): then the
  // page is better without a first screen than with half of one.
  if (html.includes(CLIENT_RENDER_MARK))
    throw new Error(
      `a part of ${path} could not be drawn on the server: ${/data-msg="([^"]*)"/.exec(html)?.[1] ?? ''}`,
    );
  return html;
}

export { FIRST_SCREEN_PATHS };
