import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';

/**
 * Test helper for ui/components: renders inside an activated Lingui provider (source messages, as in
 * development) and hands back a user-event instance. `locale` lets a test pretend to be German.
 */
export function renderUi(ui: ReactElement, { locale = 'en-US' }: { locale?: string } = {}) {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>{children}</I18nProvider>
  );
  const user = userEvent.setup();
  return { user, ...render(ui, { wrapper }) };
}
