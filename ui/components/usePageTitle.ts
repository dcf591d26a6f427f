import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

const SITE_NAME = msg`Account`;

/**
 * The document title of a page in its current state ('Enter your code - Account'), translated, so that tabs,
 * history and screen readers tell pages apart. A view calls it with the title of what it shows now; the site's
 * name alone while `title` is undefined.
 */
export function usePageTitle(title: MessageDescriptor | undefined): void {
  const { i18n } = useLingui();
  const text = title ? i18n._(title) : undefined;
  const site = i18n._(SITE_NAME);
  useEffect(() => {
    document.title = text ? `${text} - ${site}` : site;
  }, [text, site]);
}
