/**
 * The strength bar with a provided judge (ui/components/strengthJudge.ts): prepared when the browser is idle or at
 * the first character, the form's minimum named below it, 'checking' until the judge is ready and has judged, a
 * judgement once typing pauses (the newest winning, the last score kept meanwhile), and 'unavailable' when the judge
 * cannot be loaded. Fake timers stand in for the pause and the idle time; the judge's answers are promises the test
 * settles.
 */

import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordField } from './NewPasswordField';
import { type StrengthJudge, StrengthJudgeContext } from './strengthJudge';
import type { StrengthLanguage, StrengthRequest } from './strengthScorer';
import { Superseded } from './strengthSuperseded';
import { STRENGTH_DEBOUNCE_MS, strengthLanguageOf } from './usePasswordStrength';

interface Pending<T> {
  answer: (value: T) => void;
  fail: (error?: Error) => void;
}

const MINIMUM = 5;
let prepared: (Pending<void> & { language: StrengthLanguage })[];
let calls: (Pending<number> & { request: StrengthRequest })[];
const judge = {
  prepare: vi.fn<StrengthJudge['prepare']>(
    (language) =>
      new Promise((answer, reject) =>
        prepared.push({ language, answer, fail: (error = new Error('offline')) => reject(error) }),
      ),
  ),
  judge: vi.fn<StrengthJudge['judge']>(
    (request) =>
      new Promise((answer, reject) =>
        calls.push({ request, answer, fail: (error = new Error('offline')) => reject(error) }),
      ),
  ),
};

beforeEach(() => {
  vi.useFakeTimers();
  prepared = [];
  calls = [];
  judge.prepare.mockClear();
  judge.judge.mockClear();
});
afterEach(() => vi.useRealTimers());

function Field({ userInputs }: { userInputs?: readonly string[] }) {
  const [value, setValue] = useState('');
  return (
    <NewPasswordField
      label="Password"
      strengthMinimum={MINIMUM}
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
const shown = () => [
  percent(),
  meter().getAttribute('aria-valuetext'),
  meter().nextElementSibling?.textContent,
];
/** Renders the bar with its judge ready, as after the idle-time preparation. */
const renderReady = async (options?: Parameters<typeof renderBar>[0]) => {
  renderBar(options);
  await pause(1);
  await settle(() => prepared[0]?.answer());
};

describe('the strength bar', () => {
  it('prepares its judge when the browser is idle after the bar appears, before any typing', async () => {
    renderBar();
    expect(judge.prepare).not.toHaveBeenCalled();
    await pause(1);
    expect(prepared.map((p) => p.language)).toEqual(['en']);
    expect(shown()).toEqual(['0', '0%', '']);
  });

  it('prepares at once when typing starts before the browser was idle, and says it is checking meanwhile', async () => {
    renderBar();
    type('abcdefgh');
    expect(judge.prepare).toHaveBeenCalledWith('en');
    expect(shown()).toEqual(['0', 'Checking…', 'Checking…']);
    await pause();
    expect(shown()).toEqual(['0', 'Checking…', 'Checking…']);
  });

  it('names the minimum below it, without judging, and judges from the minimum on', async () => {
    await renderReady();
    type('abcd');
    expect(shown()).toEqual(['0', 'At least 5 characters', 'At least 5 characters']);
    await pause(10 * STRENGTH_DEBOUNCE_MS);
    expect(judge.judge).not.toHaveBeenCalled();
    type('abcde');
    await pause();
    expect(calls.map((call) => call.request.password)).toEqual(['abcde']);
  });

  it('judges once typing pauses, with the last value, the language and the user inputs', async () => {
    await renderReady({ userInputs: ['ada@example.com', 'Ada'] });
    type('abcdef');
    type('abcdefg');
    await pause(STRENGTH_DEBOUNCE_MS - 1);
    expect(judge.judge).not.toHaveBeenCalled();
    type('abcdefgh');
    await pause(STRENGTH_DEBOUNCE_MS - 1);
    expect(judge.judge).not.toHaveBeenCalled();
    await pause(1);
    expect(calls.map((call) => call.request)).toEqual([
      { password: 'abcdefgh', language: 'en', userInputs: ['ada@example.com', 'Ada'] },
    ]);
  });

  it('shows spec 5 percent and tone for each score', async () => {
    await renderReady();
    for (const [score, width, colour] of [
      [0, '25', 'weak'],
      [2, '75', 'fair'],
      [4, '100', 'strong'],
    ] as const) {
      type(`password${score}`);
      await pause();
      await settle(() => calls.at(-1)?.answer(score));
      expect([percent(), tone()]).toEqual([width, colour]);
    }
    expect(meter().getAttribute('aria-valuetext')).toBe('Strong (100%)');
  });

  it('keeps the last score while a new one is on its way, and the newest judgement wins', async () => {
    await renderReady();
    type('first one');
    await pause();
    await settle(() => calls[0]?.answer(1));
    expect(percent()).toBe('50');

    type('second one');
    await pause();
    expect(percent()).toBe('50'); // still the last judgement
    type('third one');
    await pause();
    expect(calls).toHaveLength(3);
    await settle(() => calls[1]?.fail(new Superseded())); // replaced before it was asked: not a failure
    await settle(() => calls[2]?.answer(3));
    expect([percent(), tone()]).toEqual(['100', 'strong']);
  });

  it('ignores a late answer to an older password', async () => {
    await renderReady();
    type('older one');
    await pause();
    type('newer one');
    await pause();
    await settle(() => calls[1]?.answer(4));
    await settle(() => calls[0]?.answer(0));
    expect(percent()).toBe('100');
  });

  it('is empty at once for an empty password, without a judgement', async () => {
    await renderReady();
    type('something');
    await pause();
    await settle(() => calls[0]?.answer(2));
    expect(percent()).toBe('75');
    type('');
    expect(shown()).toEqual(['0', '0%', '']);
    expect(tone()).toBeUndefined();
    await pause(10 * STRENGTH_DEBOUNCE_MS);
    expect(judge.judge).toHaveBeenCalledTimes(1);
  });

  it('says the check is unavailable when its judge cannot be loaded, and judges again once it can', async () => {
    renderBar();
    await pause(1);
    await settle(() => prepared[0]?.fail());
    type('abcdefgh');
    expect(shown()).toEqual(['0', 'Strength check unavailable', 'Strength check unavailable']);

    // A later judgement that succeeds (the worker loaded after all) shows its score.
    await pause();
    await settle(() => calls[0]?.answer(4));
    expect(percent()).toBe('100');

    type('abcdefghi');
    await pause();
    await settle(() => calls[1]?.fail());
    expect(shown()[1]).toBe('Strength check unavailable');
  });

  it('judges in German for a German locale', async () => {
    await renderReady({ locale: 'de-DE' });
    expect(prepared[0]?.language).toBe('de');
    type('Schmetterling');
    await pause();
    expect(calls[0]?.request.language).toBe('de');
  });

  it('says it is unavailable without a provided judge, never staying silently empty', async () => {
    renderBar({ provided: false });
    type('correct horse battery staple');
    await pause(10 * STRENGTH_DEBOUNCE_MS);
    expect(shown()).toEqual(['0', 'Strength check unavailable', 'Strength check unavailable']);
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
