import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../api/contract/limits';
import { LOCALE_NAMES } from '../../i18n/chosenLocale';
import { loadBundledCatalog } from '../../i18n/i18n';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { ResendMail } from './ResendMail';

/** Each locale's words for the new parts (docs/decisions.md: Check your e-mail, Languages). */
describe('the resend block and the language switcher in all six locales', () => {
  for (const locale of LOCALES) {
    it(`${locale}: the countdown names its seconds, the mail limit is said, the switcher is labelled`, async () => {
      const i18n = setupI18n({ locale, messages: { [locale]: await loadBundledCatalog(locale) } });
      const english = setupI18n({
        locale: 'en-US',
        messages: { 'en-US': await loadBundledCatalog('en-US') },
      });
      const show = (ui: React.ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
      show(
        <>
          <ResendMail
            phase="waiting"
            waitSeconds={60}
            resent={false}
            error={{ code: 'rate_limited_error' }}
            onResend={() => {}}
          />
          <LanguageSwitcher />
        </>,
      );
      const button = screen.getByRole('button');
      expect(button.getAttribute('aria-disabled')).toBe('true');
      const wait = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(wait?.textContent).toContain('60');
      const alert = screen.getByRole('alert').textContent ?? '';
      const combobox = screen.getByRole('combobox') as HTMLSelectElement;
      expect(combobox.value).toBe(locale);
      expect(screen.getByRole('option', { selected: true }).textContent).toBe(LOCALE_NAMES[locale]);
      if (locale !== 'en-US') {
        // Translated, not the English source.
        expect(button.textContent).not.toBe('Send again');
        expect(alert).not.toBe(
          english._(
            'Too many e-mails have been sent to this address for now. Please wait a while, then ask again.',
          ),
        );
        expect(screen.getByRole('combobox', { name: /.+/ }).id).toBeTruthy();
        expect(screen.queryByText('Language')).toBeNull();
      } else expect(alert).toContain('Too many e-mails have been sent to this address');
      cleanup();
    });
  }
});
