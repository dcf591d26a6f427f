import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { LOCALES } from '../../api/contract/limits';
import { LOCALE_NAMES } from '../../i18n/chosenLocale';
import { loadBundledCatalog } from '../../i18n/i18n';
import { resendBy } from '../../machines/resend/resend.machine';
import { RESEND_WAIT_MS } from '../../machines/resend/resend.rules';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { ConfirmationBanner } from '../me/ConfirmationBanner';
import { ResendPart } from './ResendPart';

/** A 'Send again' child whose call answers `answer` (a refusal thrown, or sent), on a clock the test moves. */
function resendChild(answer: 'sent' | object) {
  const calls = vi.fn(async () => {
    if (answer !== 'sent') throw answer;
  });
  const clock = new SimulatedClock();
  const actor = createActor(resendBy(fromPromise(() => calls())), {
    clock,
    input: { request: undefined },
  }).start();
  return { actor, clock, calls };
}

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
      // Refused by the mail limit: the wait starts again, and the refusal is said.
      const refused = resendChild({ failure: { code: 'rate_limited_error', fieldErrors: [] } });
      refused.clock.increment(RESEND_WAIT_MS);
      refused.actor.send({ type: 'mail.resend' });
      await waitFor(refused.actor, (s) => s.matches('cooling'));
      show(
        <>
          <ResendPart actorRef={refused.actor} />
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
      const { actor } = resendChild('sent');
      show(<ConfirmationBanner actorRef={actor} />);
      const title = i18n._(msg`Please verify your email address.`);
      const sentence = i18n._(msg`Open the link in the confirmation e-mail we have sent you.`);
      expect(screen.getByText(title)).toBeTruthy();
      expect(screen.getByText(sentence)).toBeTruthy();
      if (locale !== 'en-US')
        expect(sentence).not.toBe('Open the link in the confirmation e-mail we have sent you.');
      expect(screen.getByRole('button').getAttribute('aria-disabled')).toBe('true');
      // The banner holds the countdown: it is no live region (only what 'Send again' brought is announced).
      expect(screen.getByText(title).closest('.ui-alert')?.getAttribute('role')).toBeNull();
      actor.stop();
      refused.actor.stop();
      cleanup();
    });
  }
});

describe('ResendPart: the visible wait (docs/decisions/product.md: Check your e-mail)', () => {
  afterEach(() => vi.useRealTimers());
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

  it('counts the seconds down while the button refuses, and starts again at the full wait after each mail', async () => {
    vi.useFakeTimers();
    const sendMail = vi.fn(async () => {});
    // The child's own delay runs on the same (fake) time as the countdown.
    const actor = createActor(resendBy(fromPromise(() => sendMail())), {
      input: { request: undefined },
    }).start();
    render(
      <I18nProvider i18n={i18n}>
        <ResendPart actorRef={actor} />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: 'Send again' });
    expect(screen.getByText('You can send it again in 60 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('You can send it again in 59 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(41_000));
    expect(screen.getByText('You can send it again in 18 s.')).toBeTruthy();
    button.click();
    expect(sendMail).not.toHaveBeenCalled();
    // The countdown is only for the eye: it never says 0 s, the machine ends the wait.
    await act(() => vi.advanceTimersByTimeAsync(17_000));
    expect(screen.getByText('You can send it again in 1 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText(/You can send it again/)).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBeNull();
    act(() => button.click());
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    act(() => button.click());
    expect(sendMail).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('You can send it again in 60 s.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('We have sent the e-mail again.');
    // The same element throughout: a keyboard user's focus stays on it.
    expect(screen.getByRole('button', { name: 'Send again' })).toBe(button);
    actor.stop();
  });
});
