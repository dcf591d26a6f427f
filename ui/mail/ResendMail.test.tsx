import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOCALES } from '../../api/contract/limits';
import { LOCALE_NAMES } from '../../i18n/chosenLocale';
import { loadBundledCatalog } from '../../i18n/i18n';
import { resendConfirmationMachine } from '../../machines/resendConfirmation/resendConfirmation.machine';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { ConfirmationBanner } from '../me/ConfirmationBanner';
import { ResendMail, type ResendMailProps } from './ResendMail';

/** Each locale's words for the new parts (docs/decisions/product.md: Check your e-mail, Languages). */
describe('the resend block, the confirmation banner and the language switcher in all six locales', () => {
  for (const locale of LOCALES) {
    it(`${locale}: the countdown names its seconds, the mail limit is said, the banner and the switcher are worded`, async () => {
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

      // spec 2 Me page: the banner's title and its one sentence, with the same block.
      const actor = createActor(resendConfirmationMachine).start();
      show(<ConfirmationBanner actorRef={actor} />);
      const title = i18n._(msg`Please verify your email address.`);
      const sentence = i18n._(msg`Open the link in the confirmation e-mail we have sent you.`);
      expect(screen.getByText(title)).toBeTruthy();
      expect(screen.getByText(sentence)).toBeTruthy();
      if (locale !== 'en-US')
        expect(sentence).not.toBe('Open the link in the confirmation e-mail we have sent you.');
      expect(screen.getByRole('button').getAttribute('aria-disabled')).toBe('true');
      actor.stop();
      cleanup();
    });
  }
});

describe('ResendMail: the visible wait (docs/decisions/product.md: Check your e-mail)', () => {
  afterEach(() => vi.useRealTimers());
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
  const block = (props: Partial<ResendMailProps> = {}) => (
    <I18nProvider i18n={i18n}>
      <ResendMail
        phase="waiting"
        waitSeconds={60}
        resent={false}
        error={undefined}
        onResend={() => {}}
        {...props}
      />
    </I18nProvider>
  );

  it('counts the seconds down while the button refuses, and starts again at the full wait after each mail', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn();
    const { rerender } = render(block({ onResend }));
    const button = screen.getByRole('button', { name: 'Send again' });
    expect(screen.getByText('You can send it again in 60 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('You can send it again in 59 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(41_000));
    expect(screen.getByText('You can send it again in 18 s.')).toBeTruthy();
    button.click();
    expect(onResend).not.toHaveBeenCalled();
    // The countdown is only for the eye: it never says 0 s, the machine ends the wait.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('You can send it again in 1 s.')).toBeTruthy();
    rerender(block({ onResend, phase: 'ready' }));
    expect(screen.queryByText(/You can send it again/)).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBeNull();
    button.click();
    expect(onResend).toHaveBeenCalledTimes(1);
    rerender(block({ onResend, phase: 'sending' }));
    button.click();
    expect(onResend).toHaveBeenCalledTimes(1);
    rerender(block({ onResend, phase: 'waiting', resent: true }));
    expect(screen.getByText('You can send it again in 60 s.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('We have sent the e-mail again.');
    // The same element throughout: a keyboard user's focus stays on it.
    expect(screen.getByRole('button', { name: 'Send again' })).toBe(button);
  });
});
