import { defineConfig } from '@lingui/conf';
import { DEFAULT_LOCALE, LOCALES } from './api/contract/limits';

export default defineConfig({
  sourceLocale: DEFAULT_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: DEFAULT_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/i18n/locales/{locale}/messages',
      include: ['ui', 'routes', 'containers', 'i18n'],
      // Texts inside tests belong to the tests, not to the product's catalogs.
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: 'po',
  // Origins help translators, but line numbers would rewrite every catalog whenever any file shifts by a
  // line; several people extract at once, so keep the catalogs stable.
  formatOptions: { origins: true, lineNumbers: false },
});
