import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { HeadingsAt } from '../../ui/components/headingLevel';
import { ActivityPanel } from '../../ui/me/security/ActivityPanel';
import { securityActivityMachine } from './securityActivity.machine';
import { securityActivitySamples } from './securityActivity.samples';

const model = modelFor(securityActivityMachine, securityActivitySamples);
const i18n = setupI18n({ locale: 'en-GB', messages: { 'en-GB': {} } });
const RECOVERY = '/forgot_password';

testModel(model, {
  screen: {
    // Berlin: 23:30 UTC on the 15th is 00:30 on the 16th there.
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <ActivityPanel actorRef={actorRef} recoveryHref={RECOVERY} timeZone="Europe/Berlin" />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      loading: (screen) => {
        expect(screen.getByRole('status').textContent).toBe('Loading your recent activity…');
        expect(screen.queryByRole('list')).toBeNull();
      },
      loadFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toContain('Your recent activity could not be loaded.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      listed: (screen, snapshot) => {
        const rows = screen.getAllByRole('listitem');
        expect(rows).toHaveLength(snapshot.context.entries.length);
        for (const row of rows) {
          expect(within(row).getByRole('link', { name: "This wasn't me" }).getAttribute('href')).toBe(
            RECOVERY,
          );
        }
        if (snapshot.context.page === 1) {
          const [signIn, change] = rows;
          expect(signIn?.textContent).toContain('Signed in with the password and a one-time code');
          expect(signIn?.textContent).toContain('Chrome 120 on Windows 10');
          expect(signIn?.textContent).toContain('16 Jan 2026, 00:30');
          expect(change?.textContent).toContain('Password changed');
          expect(screen.getByRole('button', { name: 'Older' })).toBeTruthy();
          expect(screen.queryByRole('button', { name: 'Newer' })).toBeNull();
        } else {
          expect(screen.getByRole('button', { name: 'Newer' })).toBeTruthy();
          expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
        }
      },
      empty: (screen, snapshot) => {
        expect(screen.getByText('Nothing recorded in the last 90 days.')).toBeTruthy();
        expect(screen.queryByRole('list')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Newer' }) !== null).toBe(snapshot.context.page > 1);
      },
      signedOut: (screen) => {
        expect(screen.getByRole('status').textContent).toBe(
          'You are signed out. Taking you to the login page…',
        );
        expect(screen.queryByRole('list')).toBeNull();
      },
    },
    eventDrivers: {
      'page.older': (screen, user) => user.click(screen.getByRole('button', { name: 'Older' })),
      'page.newer': (screen, user) => user.click(screen.getByRole('button', { name: 'Newer' })),
      retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
    },
  },
});
