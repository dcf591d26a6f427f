import { msg } from '@lingui/core/macro';

/**
 * The two sentences the server writes into the page itself (server/sitePage.ts), for when the app cannot run:
 * the browser runs no JavaScript (<noscript>), or the page's scripts failed to load (the inline loader shows the
 * notice). Explicit ids, so the server finds their translation in the page's compiled catalogue without Lingui's
 * macros (server/pageNotices.ts PAGE_NOTICE_IDS; docs/decisions/product.md: A page without its scripts).
 */
export const PAGE_NOTICES = {
  noScript: msg({
    id: 'page.noScript',
    message: 'This page needs JavaScript. Please turn it on in your browser, then reload the page.',
  }),
  scriptFailure: msg({
    id: 'page.scriptFailure',
    message: 'This page could not finish loading. Please check your connection, then reload the page.',
  }),
};
