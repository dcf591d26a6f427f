import { defineConfig } from '@lingui/conf';

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'de-DE', 'es-ES', 'ru-RU', 'pl-PL', 'ro-RO'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [{ path: '<rootDir>/i18n/locales/{locale}/messages', include: ['ui', 'routes', 'i18n'] }],
  format: 'po',
});
