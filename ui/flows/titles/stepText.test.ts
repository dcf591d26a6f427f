import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { flowEntry, flowNames } from '../flowCatalog';
import { flowScreens } from '../flowScreens';
import { followPath } from '../replay';
import { recordedEventText, statesText, stepsText } from './stepText';

const english = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
/** What the reader's view must not show: event names, payloads, camelCase state or guard names. */
const RAW = /[{}"]|\w\.\w|[a-z][A-Z]/;

describe('a path’s steps in the reader’s words', () => {
  it('names the arc a step took by where it came from and where it went', () => {
    const login = flowEntry('login');
    const walked = followPath(login.machine, flowScreens.login?.options() ?? { samples: {} }, [
      'form.submit',
    ]);
    if (!walked) throw new Error('login: no walk on form.submit');
    // An empty form stays (the unguarded fallback), so the guarded arc is not the one taken.
    expect(stepsText(english, login, walked.start, walked.steps)).toEqual([
      { event: 'Submit', state: 'Entering e-mail and password' },
    ]);
  });

  it('titles only the innermost states of a step', () => {
    expect(statesText(english, 'twoFactorPanel', ['settingUp', 'settingUp.steps'])).toBe(
      'Following the setup steps',
    );
  });

  it('reads a recorded event the explorer cannot walk', () => {
    const login = flowEntry('login');
    expect(recordedEventText(english, login, 'field.change {"field":"email","value":"a@b.c"}')).toBe(
      'Type in a field',
    );
    expect(recordedEventText(english, login, 'login done')).toBe('The log-in succeeds');
  });

  it('reads every path of the last model run without a raw name', { timeout: 180_000 }, () => {
    const raw: string[] = [];
    for (const name of flowNames) {
      const flow = flowEntry(name);
      const screen = flowScreens[name];
      for (const path of flow.coverage?.paths ?? []) {
        const walked = screen ? followPath(flow.machine, screen.options(), path.events) : undefined;
        const texts = walked
          ? stepsText(english, flow, walked.start, walked.steps).flatMap((step) => [step.event, step.state])
          : path.events.map((event) => recordedEventText(english, flow, event));
        raw.push(...texts.filter((text) => RAW.test(text)).map((text) => `${name} ${path.id}: ${text}`));
      }
    }
    expect(raw).toEqual([]);
  });
});
