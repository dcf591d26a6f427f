import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { Locale } from '../../api/contract/limits';
import { loadBundledCatalog } from '../../i18n/i18n';
import { Loader } from '../components/Loader';

/**
 * Its children in `locale` (a flow link's `?lang=`): their own Lingui instance with the bundled catalog, so the
 * diagram and its page speak the link's language while the site's language (its cookie, `<html lang>`, the other
 * pages) stays the visitor's. Without a locale, or in the site's own, the children are shown as they are.
 */
export function InLocale({ locale, children }: { locale: Locale | undefined; children: ReactNode }) {
  const { i18n: site } = useLingui();
  const own = locale !== undefined && locale !== site.locale ? locale : undefined;
  const [i18n, setI18n] = useState<I18n>();
  useEffect(() => {
    if (!own) return;
    let cancelled = false;
    setI18n(undefined);
    void loadBundledCatalog(own).then((messages) => {
      if (!cancelled) setI18n(setupI18n({ locale: own, messages: { [own]: messages } }));
    });
    return () => {
      cancelled = true;
    };
  }, [own]);
  if (!own) return children;
  if (!i18n || i18n.locale !== own) return <Loader />;
  return (
    <I18nProvider i18n={i18n}>
      <div lang={own} data-testid="flow-language">
        {children}
      </div>
    </I18nProvider>
  );
}
