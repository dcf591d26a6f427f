import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createRoot } from 'react-dom/client';

i18n.loadAndActivate({ locale: 'en-US', messages: {} });

createRoot(document.getElementById('root')!).render(
  <I18nProvider i18n={i18n}>
    <Trans>Hello</Trans>
  </I18nProvider>,
);
