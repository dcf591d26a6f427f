import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

const SITE_NAME = msg`Account`;

/** 'Enter your code - Account': the page's heading, then the site's name; the name alone without a heading. */
export const documentTitle = (heading: string | undefined, site: string): string => {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} - ${site}` : site;
};

/**
 * The document title of every page in every state, in the page's language: its one h1, which already names what
 * the page shows now ('Enter your code', 'Check your e-mail'), followed by the site's name. Read from the page
 * itself, so a new page or state is titled without a line of its own and the title can never drift from the
 * heading; tabs, history and screen readers tell the pages apart.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const site = i18n._(SITE_NAME);
  useEffect(() => {
    const update = () => {
      const next = documentTitle(document.querySelector('h1')?.textContent ?? undefined, site);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [site]);
  return null;
}
