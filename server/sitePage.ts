/**
 * The site's one HTML page, per locale: dist/index.html with the compiled catalogue of the visitor's locale inside
 * (api/pageCatalogue.ts reads it), so the first screen paints with the first response instead of waiting for
 * HTML -> JS -> GET /api/translation. The locale is detected from Accept-Language by the same rule the browser
 * applies to navigator.languages (i18n/detectLocale.ts); were the two ever to differ, the page simply asks the
 * translation call. Each locale's page is built and compressed (brotli, gzip) once, on first use.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { Locale } from '../api/contract/limits';
import { PAGE_CATALOGUE_ID } from '../api/contract/translation';
import { detectLocale } from '../i18n/detectLocale';
import { catalogCache } from './catalogs';

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

/** Whether Accept-Encoding takes `encoding` (listed, and not with q=0). */
export const acceptsEncoding = (header: string | undefined, encoding: string): boolean =>
  (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return name.trim().toLowerCase() === encoding && (q === undefined || Number(q.slice(2)) > 0);
  });

/** JSON that cannot end the script element it sits in, nor open a comment inside it. */
export const inertJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export const sitePage = (indexFile: string) => {
  const catalogue = catalogCache();
  const pages = new Map<Locale, Promise<Page>>();
  let template: string | undefined;

  const build = async (locale: Locale): Promise<Page> => {
    template ??= readFileSync(indexFile, 'utf8');
    const script = `<script type="application/json" id="${PAGE_CATALOGUE_ID}" data-locale="${locale}">${inertJson(await catalogue(locale))}</script>`;
    const html = Buffer.from(
      template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`).replace('</head>', `${script}</head>`),
    );
    return {
      html,
      br: brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
    };
  };

  /**
   * Answers the page for the visitor's language, in the best encoding they take; with 404 for a path the site does
   * not have (the router then shows its not-found page).
   */
  return async (c: Context, status: 200 | 404 = 200): Promise<Response> => {
    const locale = detectLocale(preferredLanguages(c.req.header('accept-language')));
    let page = pages.get(locale);
    if (!page) {
      page = build(locale);
      pages.set(locale, page);
      // A failed build (index.html missing) is tried again on the next request, not cached.
      page.catch(() => pages.delete(locale));
    }
    const { html, br, gzip } = await page;
    const acceptEncoding = c.req.header('accept-encoding');
    const [body, encoding] = acceptsEncoding(acceptEncoding, 'br')
      ? [br, 'br']
      : acceptsEncoding(acceptEncoding, 'gzip')
        ? [gzip, 'gzip']
        : [html, undefined];
    c.header('Content-Type', 'text/html; charset=utf-8');
    c.header('Vary', 'Accept-Encoding, Accept-Language');
    if (encoding) c.header('Content-Encoding', encoding);
    // Hono answers HEAD from this GET handler, without the body.
    return c.body(new Uint8Array(body), status);
  };
};
