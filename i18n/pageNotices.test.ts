import { describe, expect, it } from 'vitest';
import { PAGE_NOTICE_IDS, pageNoticesHtml } from '../server/pageNotices';
import { PAGE_NOTICES } from './pageNotices';

describe('the page notices (docs/decisions/product.md: A page without its scripts)', () => {
  it('the server asks the catalogue for the ids the app extracts', () => {
    expect(PAGE_NOTICES.noScript.id).toBe(PAGE_NOTICE_IDS.noScript);
    expect(PAGE_NOTICES.scriptFailure.id).toBe(PAGE_NOTICE_IDS.scriptFailure);
  });

  it('writes the texts as text, and the failure notice only where a loader runs', () => {
    const texts = {
      [PAGE_NOTICE_IDS.noScript]: ['<b>JS</b> & more'],
      [PAGE_NOTICE_IDS.scriptFailure]: 'Failed',
    };
    expect(pageNoticesHtml(texts, false)).toBe(
      '<noscript><p class="page-notice">&#60;b&#62;JS&#60;/b&#62; &#38; more</p></noscript>',
    );
    expect(pageNoticesHtml(texts, true)).toContain('id="script-failure" role="alert" hidden>Failed</p>');
  });
});
