import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { Heading, HeadingsAt } from '../../ui/components/headingLevel';
import { SessionsPanel } from '../../ui/me/security/SessionsPanel';
import { sessionsMachine } from './sessions.machine';
import { sessionsSamples } from './sessions.samples';

// The step-up is machines/stepUp's own screen, tested with it; here a deferred fake stands in for the child, so its
// form gets a stand-in too: its heading and the Cancel the parent wires.
vi.mock('../../ui/me/security/StepUpForm', () => ({
  StepUpForm: ({ onCancel }: { onCancel?: () => void }) => (
    <section>
      <Heading>Confirm it's you</Heading>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  ),
}));

const model = modelFor(sessionsMachine, sessionsSamples);

/** While the step-up asks, the list stays and no sign-out can be started. */
const expectSteppingUp = (screen: Screen) => {
  expect(screen.getByRole('heading', { level: 4, name: "Confirm it's you" })).toBeTruthy();
  expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
  expect(screen.queryByRole('button', { name: /^Sign out/ })).toBeNull();
};
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const cardOf = (root: HTMLElement, text: string) => within(root).getByText(text).closest('li') as HTMLElement;

testModel(model, {
  screen: {
    // Berlin: 23:30 UTC on the 15th is the 16th there (the viewer's calendar, ui/lists/formatDate.ts).
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <SessionsPanel actorRef={actorRef} timeZone="Europe/Berlin" />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      loading: (screen) => {
        expect(screen.getByRole('status').textContent).toBe('Loading your sessions…');
        expect(screen.queryByRole('list')).toBeNull();
      },
      loadFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toContain('Your sessions could not be loaded.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      listed: (screen, snapshot) => {
        const cards = screen.getAllByRole('listitem');
        expect(cards).toHaveLength(snapshot.context.sessions.length);
        const mine = cardOf(document.body, 'Firefox 128 on Linux');
        expect(within(mine).getByText('This device')).toBeTruthy();
        expect(within(mine).getByText('Signed in 10/01/2026 09:00')).toBeTruthy();
        expect(within(mine).getByText('Last seen 16/01/2026 00:30')).toBeTruthy();
        expect(within(mine).getByRole('button', { name: 'Sign out of this device' })).toBeTruthy();
        const other = cardOf(document.body, 'Chrome 120 on Windows 10');
        expect(within(other).queryByText('This device')).toBeNull();
        expect(within(other).getByRole('button', { name: 'Sign out Chrome 120 on Windows 10' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeTruthy();
      },
      alone: (screen) => {
        expect(screen.getAllByRole('listitem')).toHaveLength(1);
        expect(screen.getByText('No other device is signed in to your account.')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Sign out of this device' })).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
      },
      confirmingOthers: (screen) => {
        const ask = screen.getByRole('group', {
          name: 'Sign out every other device? They will need to log in again.',
        });
        expect(within(ask).getByRole('button', { name: 'Sign out the others' })).toBeTruthy();
        expect(within(ask).getByRole('button', { name: 'Cancel' })).toBeTruthy();
      },
      endingOne: (screen, snapshot) => {
        const busy = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-busy') === 'true');
        expect(busy).toHaveLength(1);
        const card = busy[0]?.closest('li');
        const ending = snapshot.context.sessions.find((s) => s.id === snapshot.context.ending);
        expect(card?.textContent).toContain(`${ending?.browser} on ${ending?.system}`);
      },
      endingOthers: (screen) => {
        const button = screen.getByRole('button', { name: 'Sign out all other devices' });
        expect(button.getAttribute('aria-busy')).toBe('true');
      },
      steppingUpToEndOne: (screen) => expectSteppingUp(screen),
      steppingUpToEndOthers: (screen) => expectSteppingUp(screen),
      endOneFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toContain('That did not work.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Leave it' })).toBeTruthy();
      },
      endOthersFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toContain('That did not work.');
        expect(screen.getByRole('button', { name: 'Leave it' })).toBeTruthy();
      },
      signedOut: (screen) => {
        expect(screen.getByRole('status').textContent).toBe(
          'You are signed out. Taking you to the login page…',
        );
        expect(screen.queryByRole('list')).toBeNull();
      },
    },
    eventDrivers: {
      'session.end': async (_screen, user, event, actorRef) => {
        const { id } = event as unknown as { id: string };
        const session = actorRef.getSnapshot().context.sessions.find((s) => s.id === id);
        const card = cardOf(document.body, `${session?.browser} on ${session?.system}`);
        await user.click(within(card).getByRole('button'));
      },
      'others.end': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'Sign out all other devices' })),
      'others.confirm': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'Sign out the others' })),
      'others.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
      retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
      dismiss: (screen, user) => user.click(screen.getByRole('button', { name: 'Leave it' })),
      'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    },
  },
});
