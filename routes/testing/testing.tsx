import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { PostedForm } from '../../api/contract/postedForm';
import { createAppRouter } from '../router';
import type { SiteEnv } from '../site/siteEnv';

/**
 * Shared by the route tests: the app's real router in the development layout (mounted under /root, as `npm run dev`
 * serves it) over a memory history. Each test file still mocks api/ itself (vi.mock is hoisted per file).
 */
export const DEV_SITE: SiteEnv = {
  mode: 'development',
  origin: window.location.origin,
  platformHost: window.location.host,
  basePath: '/root/',
};

/** An absolute URL on the test page's origin. */
export const href = (path: string) => new URL(path, window.location.origin).href;

/** `posted`: the server's answer to the page's own form post, which such a page carries (api/pagePosted.ts). */
export function renderAt(publicHref: string, site: SiteEnv = DEV_SITE, posted?: PostedForm) {
  const history = createMemoryHistory({ initialEntries: [publicHref] });
  const router = createAppRouter({ history, site, posted: { form: posted } });
  render(<RouterProvider router={router} />);
  return { router, history };
}

/**
 * The page's h1, once the lazy screen has loaded. Generous: the first import of a lazy route transforms its
 * modules, which took over 3 s on two cores shared with a build (a wait, not a speed promise).
 */
export const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
