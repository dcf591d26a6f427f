import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionsMachine } from '../../../machines/sessions/sessions.machine';
import type { DeviceSession } from '../../../machines/sessions/sessions.types';
import { SessionsPanel } from './SessionsPanel';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/** Thirteen sessions, this device's last (it signed in first and was last seen earliest in this list's order). */
const sessions: DeviceSession[] = Array.from({ length: 13 }, (_, place) => ({
  id: String(place).padStart(32, '0'),
  browser: `Browser ${place + 1}`,
  system: 'Linux',
  firstSeen: '2026-01-10T08:00:00.000Z',
  lastSeen: '2026-01-15T08:00:00.000Z',
  current: place === 12,
}));

async function listed() {
  const actorRef = createActor(
    sessionsMachine.provide({ actors: { getSessions: fromPromise(async () => sessions) } }),
    { input: { twoFactorEnabled: false } },
  ).start();
  render(
    <I18nProvider i18n={i18n}>
      <SessionsPanel actorRef={actorRef} timeZone="UTC" />
    </I18nProvider>,
  );
  await act(async () => {});
  return screen.getByRole('list');
}

describe('SessionsPanel with many sessions (docs/decisions.md: Sessions and devices)', () => {
  it('shows ten and this device, and the rest on request, and folds them again', async () => {
    const list = await listed();
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(within(list).queryByText('Browser 11 on Linux')).toBeNull();

    const more = screen.getByRole('button', { name: 'Show 2 more sessions' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(list.id);
    fireEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(13);
    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(fewer);
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
  });
});
