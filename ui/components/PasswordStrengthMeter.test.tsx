/**
 * The strength bar with a provided judge (ui/components/strengthJudge.ts): asked once typing pauses, the newest
 * answer wins, the last score stays while a new one is on its way, and a failure or "no judgement" leaves it empty.
 * Fake timers stand in for the pause; the judge's answers are promises the test settles.
 */

import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasswordStrengthRequest } from '../../api/contract/strength';
import { PasswordField } from './PasswordField';
import { type StrengthJudge, StrengthJudgeContext, strengthLanguageOf } from './strengthJudge';
import { STRENGTH_DEBOUNCE_MS } from './usePasswordScore';

interface Call {
  request: PasswordStrengthRequest;
  signal: AbortSignal;
  answer: (score: number | null) => void;
  fail: () => void;
}

let calls: Call[];
const judge = vi.fn<StrengthJudge>(
  (request, signal) =>
    new Promise((answer, reject) =>
      calls.push({ request, signal, answer, fail: () => reject(new Error('offline')) }),
    ),
);

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  judge.mockClear();
});
afterEach(() => vi.useRealTimers());

function Field({ userInputs }: { userInputs?: readonly string[] }) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="Password"
      showStrength
      userInputs={userInputs}
      value={value}
      onValueChange={setValue}
    />
  );
}

const renderBar = ({ locale = 'en-US', provided = true, userInputs = [] as readonly string[] } = {}) => {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } });
  const field = <Field userInputs={userInputs} />;
  render(
    <I18nProvider i18n={i18n}>
      {provided ? (
        <StrengthJudgeContext.Provider value={judge}>{field}</StrengthJudgeContext.Provider>
      ) : (
        field
      )}
    </I18nProvider>,
  );
};

const type = (value: string) => fireEvent.change(screen.getByLabelText('Password'), { target: { value } });
const pause = (ms = STRENGTH_DEBOUNCE_MS) => act(() => vi.advanceTimersByTimeAsync(ms));
const settle = (run: () => void) =>
  act(async () => {
    run();
    await Promise.resolve();
  });
const meter = () => screen.getByRole('meter', { name: 'Password strength' });
const percent = () => meter().getAttribute('aria-valuenow');
const tone = () => (meter().firstElementChild as HTMLElement).dataset.tone;

describe('the strength bar', () => {
  it('asks once typing pauses, with the last value, the language and the user inputs', async () => {
    renderBar({ userInputs: ['ada@example.com', 'Ada'] });
    type('a');
    type('ab');
    await pause(STRENGTH_DEBOUNCE_MS - 1);
    expect(judge).not.toHaveBeenCalled();
    type('abc');
    await pause(STRENGTH_DEBOUNCE_MS - 1);
    expect(judge).not.toHaveBeenCalled();
    await pause(1);
    expect(calls.map((call) => call.request)).toEqual([
      { password: 'abc', language: 'en', userInputs: ['ada@example.com', 'Ada'] },
    ]);
  });

  it('shows spec 5 percent and tone for each score', async () => {
    renderBar();
    expect(percent()).toBe('0');
    for (const [score, shown, colour] of [
      [0, '25', 'weak'],
      [2, '75', 'fair'],
      [4, '100', 'strong'],
    ] as const) {
      type(`pass${score}`);
      await pause();
      await settle(() => calls.at(-1)?.answer(score));
      expect([percent(), tone()]).toEqual([shown, colour]);
    }
    expect(meter().getAttribute('aria-valuetext')).toBe('Strong (100%)');
  });

  it('keeps the last score while a new one is on its way, and the newest answer wins', async () => {
    renderBar();
    type('first');
    await pause();
    await settle(() => calls[0]?.answer(1));
    expect(percent()).toBe('50');

    type('second');
    await pause();
    expect(percent()).toBe('50'); // still the last judgement
    type('third');
    await pause();
    expect(calls).toHaveLength(3);
    expect(calls[1]?.signal.aborted).toBe(true);

    await settle(() => calls[2]?.answer(3));
    await settle(() => calls[1]?.answer(0)); // late answer of a replaced call
    expect(percent()).toBe('100');
    expect(tone()).toBe('strong');
  });

  it('is empty at once for an empty password, without a call', async () => {
    renderBar();
    type('something');
    await pause();
    await settle(() => calls[0]?.answer(2));
    expect(percent()).toBe('75');
    type('');
    expect(percent()).toBe('0');
    expect(tone()).toBeUndefined();
    await pause(10 * STRENGTH_DEBOUNCE_MS);
    expect(judge).toHaveBeenCalledTimes(1);
  });

  it('is left without a judgement when the call fails or the judge has none', async () => {
    renderBar();
    type('judged');
    await pause();
    await settle(() => calls[0]?.answer(2));
    type('judged but failed');
    await pause();
    await settle(() => calls[1]?.fail());
    expect([percent(), tone()]).toEqual(['0', undefined]);

    type('judged but busy');
    await pause();
    await settle(() => calls[2]?.answer(null));
    expect([percent(), tone()]).toEqual(['0', undefined]);
  });

  it('asks in German for a German locale', async () => {
    renderBar({ locale: 'de-DE' });
    type('Schmetterling');
    await pause();
    expect(calls[0]?.request.language).toBe('de');
  });

  it('judges nothing without a provided judge: the bar stays empty', async () => {
    renderBar({ provided: false });
    type('correct horse battery staple');
    await pause(10 * STRENGTH_DEBOUNCE_MS);
    expect(percent()).toBe('0');
  });
});

describe('strengthLanguageOf', () => {
  it.each([
    ['de-DE', 'de'],
    ['de', 'de'],
    ['en-US', 'en'],
    ['ro-RO', 'en'],
    [undefined, 'en'],
  ] as const)('%s -> %s', (locale, language) => {
    expect(strengthLanguageOf(locale)).toBe(language);
  });
});
