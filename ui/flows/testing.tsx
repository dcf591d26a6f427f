import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Test helper for the flow explorer: renders in a locale with its real catalog (English reads the source texts,
 * as in development), so a test can check what a German product owner reads.
 */
export async function renderIn(locale: 'en-US' | 'de-DE', ui: ReactElement) {
  const messages = locale === 'en-US' ? {} : (await import('../../i18n/locales/de-DE/messages.po')).messages;
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}
