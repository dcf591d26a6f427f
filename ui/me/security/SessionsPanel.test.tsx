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
    sessionsMachine.provide({
      actors: {
        getSessions: fromPromise(async () => sessions),
        endSession: fromPromise<void, { id: string }>(async () => {}),
      },
    }),
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

describe('SessionsPanel with many sessions (docs/decisions/security.md: Sessions and devices)', () => {
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

describe('SessionsPanel focus: never left on the page body', () => {
  it("Cancel on the question gives the focus back to 'Sign out all other devices'", async () => {
    await listed();
    const others = screen.getByRole('button', { name: 'Sign out all other devices' });
    others.focus();
    fireEvent.click(others);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign out all other devices' }));
  });

  it("signing a device out moves the focus to the section's heading, its button gone with its card", async () => {
    const list = await listed();
    const end = within(list).getByRole('button', { name: 'Sign out Browser 1 on Linux' });
    end.focus();
    fireEvent.click(end);
    await act(async () => {});
    expect(within(list).queryByText('Browser 1 on Linux')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sessions and devices' }));
  });

  it('tells two sessions of one browser and system apart: the time of day and a short reference', async () => {
    const list = await listed();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Signed in 10/01/2026 08:00');
    expect(first!.textContent).toContain('Last seen 15/01/2026 08:00');
    expect(first!.textContent).toContain('Reference 000000');
    expect(second!.textContent).toContain('Reference 000001');
  });
});
