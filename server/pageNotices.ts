import type { TranslationMessages } from '../api/contract/translation';
import { escapeHtml } from './html';

/** The catalogue ids of the page's own notices (i18n/pageNotices.ts; docs/decisions/product.md: A page without its scripts). */
export const PAGE_NOTICE_IDS = { noScript: 'page.noScript', scriptFailure: 'page.scriptFailure' } as const;

/** The id of the element the inline loader shows when a script fails to load (server/pageTemplate.ts). */
export const SCRIPT_FAILURE_ID = 'script-failure';

/** A compiled catalogue entry without placeholders, as plain text. */
const plain = (compiled: unknown): string =>
  typeof compiled === 'string'
    ? compiled
    : Array.isArray(compiled)
      ? compiled.filter((part): part is string => typeof part === 'string').join('')
      : '';

/**
 * The notices in the page's language, for just before <div id="root">: the <noscript> one on every page but those
 * whose drawn form works without scripts (`worksWithoutScripts`: docs/decisions/product.md: Forms that work before
 * their scripts); the script-failure one, hidden until the loader shows it, on a page whose first screen the server
 * drew (only there does a loader run, and only there would a form stand on screen that cannot work).
 */
export function pageNoticesHtml(
  texts: TranslationMessages,
  drawn: boolean,
  worksWithoutScripts = false,
): string {
  const noScript = plain(texts[PAGE_NOTICE_IDS.noScript]);
  const failure = plain(texts[PAGE_NOTICE_IDS.scriptFailure]);
  const noScriptHtml =
    noScript && !worksWithoutScripts
      ? `<noscript><p class="page-notice">${escapeHtml(noScript)}</p></noscript>`
      : '';
  const failureHtml =
    drawn && failure
      ? `<p class="page-notice" id="${SCRIPT_FAILURE_ID}" role="alert" hidden>${escapeHtml(failure)}</p>`
      : '';
  return noScriptHtml + failureHtml;
}
