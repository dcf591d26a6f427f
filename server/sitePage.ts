/**
 * The site's one HTML page, per locale: dist/index.html with the compiled catalogue of the visitor's locale inside
 * (api/pageCatalogue.ts reads it), so the first screen paints with the first response instead of waiting for
 * HTML -> JS -> GET /api/translation. The locale is the one the visitor chose (i18n/chosenLocale.ts), else it is
 * detected from Accept-Language by the same rule the browser
 * applies to navigator.languages (i18n/detectLocale.ts); were the two ever to differ, the page simply asks the
 * translation call. Each locale's page is built and compressed (brotli, gzip) once, on first use.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Locale, REMEMBERED_DEVICE_DAYS, REMEMBERED_DEVICE_DAYS_META } from '../api/contract/limits';
import { FORM_POST_PATHS, PAGE_POSTED_ID, type PostedForm } from '../api/contract/postedForm';
import { PAGE_PROFILE_ID } from '../api/contract/profile';
import { FIRST_SCREEN_PATHS, SIGNED_IN_FIRST_SCREEN_PATHS } from '../api/contract/sitePaths';
import { chosenThemeOf, type Theme } from '../api/contract/theme';
import { PAGE_CATALOGUE_ID, type TranslationMessages } from '../api/contract/translation';
import { chosenLocaleOf } from '../i18n/chosenLocale';
import { detectLocale } from '../i18n/detectLocale';
import { catalogCache } from './catalogs';
import { escapeHtml } from './html';
import { chosenEncoding } from './http/acceptEncoding';
import { errorForLog, maskForLog } from './logMask';
import { serverLog } from './ops/logger';
import { pageNoticesHtml } from './pageNotices';
import type { PageTemplate } from './pageTemplate';

/** Accept-Language's tags, most preferred first (q=0 means 'not this one'). */
export const preferredLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);

/** JSON that cannot end the script element it sits in, nor open a comment inside it. */
export const inertJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Draws a page's first screen for inside <div id="root"> (routes/firstScreen.tsx, built for Node into dist-ssr/):
 * null when that page has none. `visitor`: for /me, what the server read of the signed-in visitor.
 */
export type FirstScreens = (request: {
  path: string;
  locale: Locale;
  texts: TranslationMessages;
  visitor?: FirstScreenVisitor;
  /** What the server made of the page's own form post (server/routes/formPosts.ts), drawn into the screen. */
  posted?: PostedForm;
}) => Promise<string | null>;

/** The signed-in visitor of a request, for drawing /me: their GET /api/me answer, their Cookie and Referer. */
export interface FirstScreenVisitor {
  me: unknown;
  cookies: string;
  referrer: string;
}

/** The GET /api/me answer for the session the request carries; null without a valid one (server/pageProfile.ts). */
export type SignedInProfile = (c: Context) => Promise<unknown | null>;

const ROOT = '<div id="root"></div>';

/** A page built for one request: a few milliseconds of compression, for most of the maximum's gain. */
const PERSONAL_BROTLI_QUALITY = 5;
const PERSONAL_GZIP_LEVEL = 6;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The name of the page's meta element that tells the site the server's PLATFORM_HOST (routes/site/siteEnv.ts). */
export const PLATFORM_HOST_META = 'platform-host';

/**
 * The chosen scheme on <html> (ui/styles/tokens.css reads it); none for 'system', where the stylesheet follows
 * prefers-color-scheme. A fixed word from THEMES, never the cookie's own text.
 */
const themeAttribute = (theme: Theme): string => (theme === 'system' ? '' : ` data-theme="${theme}"`);

/** What the browser may draw its own parts (scroll bars, the canvas before the style) in. */
const colorScheme = (theme: Theme): string => (theme === 'system' ? 'light dark' : theme);

/**
 * `rememberedDeviceDays`: the server's REMEMBERED_DEVICE_DAYS, told to the login's 'Remember this device' box when it
 * is not the default (docs/decisions/security.md: Remember this device).
 * `platformHost`: the server's PLATFORM_HOST, told to the site in the page, so the channel and organisation
 * addresses the site builds are the ones the server puts in mails and answers (docs/decisions/operations.md: The site learns
 * the platform host from the server).
 */
export const sitePage = (
  template: () => PageTemplate,
  firstScreens?: FirstScreens,
  platformHost?: string,
  signedInProfile?: SignedInProfile,
  rememberedDeviceDays?: number,
) => {
  const catalogue = catalogCache();
  const pages = new Map<string, Promise<Page>>();

  /**
   * The page's HTML in `locale` and `theme`, with `firstScreen` inside when there is one, and `extraHead` (inert
   * data the screen was drawn with) before </head>.
   */
  const compose = (
    locale: Locale,
    theme: Theme,
    texts: TranslationMessages,
    firstScreen: string | null,
    extraHead = '',
    live = false,
  ) => {
    const script = `<script type="application/json" id="${PAGE_CATALOGUE_ID}" data-locale="${locale}">${inertJson(texts)}</script>`;
    const platform = platformHost
      ? `<meta name="${PLATFORM_HOST_META}" content="${escapeHtml(platformHost)}">`
      : '';
    const days =
      rememberedDeviceDays !== undefined && rememberedDeviceDays !== REMEMBERED_DEVICE_DAYS
        ? `<meta name="${REMEMBERED_DEVICE_DAYS_META}" content="${Math.floor(rememberedDeviceDays)}">`
        : '';
    const { html: plain, afterPaintHtml } = template();
    const page = (firstScreen === null ? plain : afterPaintHtml)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"${themeAttribute(theme)}`)
      .replace(
        /<meta name="color-scheme" content="[^"]*"/,
        `<meta name="color-scheme" content="${colorScheme(theme)}"`,
      )
      .replace('</head>', `${platform}${days}${script}${extraHead}</head>`);
    // What a visitor reads when the app cannot run (docs/decisions/product.md: A page without its scripts).
    const notices = pageNoticesHtml(texts, firstScreen !== null, live && firstScreen !== null);
    return Buffer.from(
      // Inert until the app has taken the screen over (routes/appRoot.tsx): a form of it must not go out as a plain
      // HTML form before the app handles it. The pages whose form the server answers (FORM_POST_PATHS) are live at
      // once: their form posts to the server (docs/decisions/product.md: Forms that work before their scripts).
      firstScreen === null
        ? page.replace(ROOT, `${notices}${ROOT}`)
        : page.replace(ROOT, `${notices}<div id="root"${live ? '' : ' inert'}>${firstScreen}</div>`),
    );
  };

  /** The page in `locale` and `theme`, with the first screen of `path` inside when it has one (and it drew). */
  const build = async (locale: Locale, theme: Theme, path: string | undefined): Promise<Page> => {
    const texts = await catalogue(locale);
    const firstScreen = path === undefined ? null : await drawn(path, locale, texts);
    const html = compose(
      locale,
      theme,
      texts,
      firstScreen,
      '',
      path !== undefined && FORM_POST_PATHS.includes(path),
    );
    // Compressed fast for the request that asked first; the smallest forms replace these in the cache once ready
    // (shared).
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PERSONAL_BROTLI_QUALITY } }),
      gzip: gzipSync(html, { level: PERSONAL_GZIP_LEVEL }),
    };
  };

  /**
   * /me for the signed-in visitor of this request, drawn with their profile and carrying it (api/pageProfile.ts);
   * null when there is no session or it did not draw (the shared page is sent then, as before). Built for this
   * request alone and never kept, so it is compressed at a level that costs a few milliseconds, not the maximum.
   */
  const personal = async (c: Context, locale: Locale, theme: Theme, path: string): Promise<Page | null> => {
    let me: unknown;
    try {
      me = await signedInProfile?.(c);
    } catch (error) {
      serverLog().error(
        { event: 'first_screen_failed', path: maskForLog(path), error: errorForLog(error) },
        'the session of a first screen could not be read',
      );
      return null;
    }
    if (me === null || me === undefined) return null;
    const texts = await catalogue(locale);
    const visitor = {
      me,
      cookies: c.req.header('cookie') ?? '',
      referrer: c.req.header('referer') ?? '',
    };
    const firstScreen = await drawn(path, locale, texts, visitor);
    if (firstScreen === null) return null;
    // inertJson: no personal value can end the script element or open markup; React escaped the drawn screen.
    const data = `<script type="application/json" id="${PAGE_PROFILE_ID}">${inertJson(me)}</script>`;
    const html = compose(locale, theme, texts, firstScreen, data);
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PERSONAL_BROTLI_QUALITY } }),
      gzip: gzipSync(html, { level: PERSONAL_GZIP_LEVEL }),
    };
  };

  /**
   * The page answering a form post of its own (server/routes/formPosts.ts): drawn for this request alone with what
   * the server made of the post, which the page carries for the app (api/pagePosted.ts). It holds what was typed:
   * never kept. Null when it did not draw.
   */
  const answered = async (
    locale: Locale,
    theme: Theme,
    path: string,
    posted: PostedForm,
  ): Promise<Page | null> => {
    const texts = await catalogue(locale);
    const firstScreen = await drawn(path, locale, texts, undefined, posted);
    if (firstScreen === null) return null;
    // inertJson: no typed value can end the script element or open markup; React escaped the drawn screen.
    const data = `<script type="application/json" id="${PAGE_POSTED_ID}">${inertJson(posted)}</script>`;
    const html = compose(locale, theme, texts, firstScreen, data, true);
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PERSONAL_BROTLI_QUALITY } }),
      gzip: gzipSync(html, { level: PERSONAL_GZIP_LEVEL }),
    };
  };

  /** A first screen that fails to draw is logged and left out: the browser draws the page as before. */
  const drawn = async (
    path: string,
    locale: Locale,
    texts: TranslationMessages,
    visitor?: FirstScreenVisitor,
    posted?: PostedForm,
  ) => {
    try {
      return (
        (await firstScreens?.({
          path,
          locale,
          texts,
          ...(visitor ? { visitor } : {}),
          ...(posted ? { posted } : {}),
        })) ?? null
      );
    } catch (error) {
      serverLog().error(
        { event: 'first_screen_failed', path: maskForLog(path), error: errorForLog(error) },
        'a first screen did not draw',
      );
      return null;
    }
  };

  /** The page every visitor of `locale` and `theme` gets for `path`, built once. */
  const shared = (locale: Locale, theme: Theme, path: string | undefined): Promise<Page> => {
    const key = `${locale} ${theme} ${path ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      const built = build(locale, theme, path);
      page = built;
      pages.set(key, built);
      // A failed build (index.html missing) is tried again on the next request, not cached. A built page is
      // compressed again at the maximum on libuv's threads, off the event loop (about a third of a second of CPU
      // for a page here, which the first request of each page waited for: docs/benchmarks.md, The production
      // process), and the smaller forms are served from then on.
      built.then(
        async ({ html }) => {
          const [br, gzip] = await Promise.all([
            brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            gzipAsync(html, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (pages.get(key) === built) pages.set(key, Promise.resolve({ html, br, gzip }));
        },
        () => pages.delete(key),
      );
    }
    return page;
  };

  /**
   * Answers the page for the visitor's language, in the best encoding they take; with 404 for a path the site does
   * not have (the router then shows its not-found page). A public page asked without a search comes with its
   * first screen drawn (the same for every visitor of that language, so built once); /me asked with a valid
   * session comes with its first screen drawn for that visitor (built for the request alone).
   */
  return async (c: Context, status: ContentfulStatusCode = 200, posted?: PostedForm): Promise<Response> => {
    // docs/decisions/product.md Languages: the language the visitor chose (the site's cookie), else Accept-Language's.
    const locale =
      chosenLocaleOf(c.req.header('cookie')) ??
      detectLocale(preferredLanguages(c.req.header('accept-language')));
    // docs/decisions/product.md: Dark mode. The scheme the visitor chose is on <html> before anything paints.
    const theme = chosenThemeOf(c.req.header('cookie'));
    // Only the listed paths, exactly: any other spelling (trailing slashes) shares the page without a first screen,
    // so no request can grow this cache.
    const path =
      status === 200 && FIRST_SCREEN_PATHS.includes(c.req.path) && !new URL(c.req.url).search
        ? c.req.path
        : undefined;
    // /me depends on the session: whatever it carries, no cache may keep it or hand it to another request.
    const signedInPage =
      status === 200 &&
      firstScreens !== undefined &&
      signedInProfile !== undefined &&
      SIGNED_IN_FIRST_SCREEN_PATHS.includes(c.req.path);
    const mine =
      signedInPage && !new URL(c.req.url).search ? await personal(c, locale, theme, c.req.path) : null;
    const post =
      posted && FORM_POST_PATHS.includes(c.req.path)
        ? await answered(locale, theme, c.req.path, posted)
        : null;
    const { html, br, gzip } = mine ?? post ?? (await shared(locale, theme, path));
    const acceptEncoding = c.req.header('accept-encoding');
    const encoding = chosenEncoding(acceptEncoding);
    const body = encoding === 'br' ? br : encoding === 'gzip' ? gzip : html;
    c.header('Content-Type', 'text/html; charset=utf-8');
    // Cookie: the chosen language and colour scheme (every page) and the session (/me drawn for its visitor).
    c.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    if (signedInPage || posted) c.header('Cache-Control', 'no-store');
    if (encoding) c.header('Content-Encoding', encoding);
    // Hono answers HEAD from this GET handler, without the body.
    return c.body(new Uint8Array(body), status);
  };
};
