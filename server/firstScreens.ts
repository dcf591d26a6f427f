/**
 * The first screens of the public pages (routes/firstScreen.tsx), drawn with the server bundle the build writes
 * beside dist/ (scripts/firstScreenBundle.ts): loaded once, on first use. Without that bundle (an older build) the
 * pages simply come without a first screen.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreens } from './sitePage';

/** What the bundle exports (routes/firstScreen.tsx renderFirstScreen); typed here, since it is built JavaScript. */
type RenderFirstScreen = (request: {
  path: string;
  locale: Parameters<FirstScreens>[0]['locale'];
  texts: Parameters<FirstScreens>[0]['texts'];
  site: { mode: 'production'; origin: string; platformHost: string; basePath: string };
  visitor?: Parameters<FirstScreens>[0]['visitor'];
  posted?: Parameters<FirstScreens>[0]['posted'];
}) => Promise<string | null>;

export const firstScreens = (
  distDir: string,
  site: { origin: string; platformHost: string },
): FirstScreens | undefined => {
  const bundle = path.join(path.dirname(path.resolve(distDir)), 'dist-ssr', 'firstScreen.js');
  if (!existsSync(bundle)) return undefined;
  let render: Promise<RenderFirstScreen> | undefined;
  return async ({ path: pagePath, locale, texts, visitor, posted }) => {
    render ??= import(pathToFileURL(bundle).href).then(
      (module: { renderFirstScreen: RenderFirstScreen }) => module.renderFirstScreen,
    );
    // The production build is mounted at / (vite.config.ts).
    return (await render)({
      path: pagePath,
      locale,
      texts,
      site: { mode: 'production', ...site, basePath: '/' },
      ...(visitor ? { visitor } : {}),
      ...(posted ? { posted } : {}),
    });
  };
};
