import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { ListsView } from '../../ui/lists/ListsView';
import { listsMachine } from './lists.machine';
import { listsSamples } from './lists.samples';

const model = modelFor(listsMachine, {
  ...listsSamples,
  implementations: { actions: { logLoadFailure: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const selectedTab = (screen: { getByRole: (role: string, o: object) => HTMLElement }, name: RegExp) =>
  expect(screen.getByRole('tab', { name, selected: true } as object)).toBeTruthy();

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <ListsView
          actorRef={actorRef}
          organisationHref={(subdomain) => `https://${subdomain}.example.test`}
        />
      </I18nProvider>
    ),
    stateAssertions: {
      'tab.channels': (screen) => selectedTab(screen, /^Channels/),
      'tab.organisations': (screen) => selectedTab(screen, /^Organisations/),
      'channels.loading': (screen, snapshot) => {
        if (snapshot.matches({ tab: 'channels' }))
          expect(screen.getByText('Loading your channels…')).toBeTruthy();
        expect(screen.getByRole('tab', { name: 'Channels' })).toBeTruthy();
      },
      'channels.loaded': (screen, snapshot) => {
        const count = snapshot.context.channels.length;
        expect(screen.getByRole('tab', { name: `Channels (${count})` })).toBeTruthy();
        if (!snapshot.matches({ tab: 'channels' })) return;
        if (count === 0) expect(screen.getByText('You have no channels yet')).toBeTruthy();
        else {
          const link = screen.getByRole('link', { name: 'Harbour News' });
          expect(link.getAttribute('href')).toBe('https://harbour.example.test/webapp/admin');
          expect(screen.getAllByText('04/03/2026')).toHaveLength(2 * count);
          for (const { name } of snapshot.context.channels)
            expect(screen.getByRole('link', { name })).toBeTruthy();
        }
      },
      'channels.failed': (screen, snapshot) => {
        expect(screen.getByRole('tab', { name: 'Channels' })).toBeTruthy();
        if (!snapshot.matches({ tab: 'channels' })) return;
        expect(screen.getByText(/Your channels could not be loaded\./)).toBeTruthy();
        expect(screen.queryByText('You have no channels yet')).toBeNull();
      },
      'organisations.loading': (screen, snapshot) => {
        if (snapshot.matches({ tab: 'organisations' }))
          expect(screen.getByText('Loading your organisations…')).toBeTruthy();
        expect(screen.getByRole('tab', { name: 'Organisations' })).toBeTruthy();
      },
      'organisations.loaded': (screen, snapshot) => {
        const count = snapshot.context.organisations.length;
        expect(screen.getByRole('tab', { name: `Organisations (${count})` })).toBeTruthy();
        if (!snapshot.matches({ tab: 'organisations' })) return;
        if (count === 0) expect(screen.getByText('You have no organisations yet')).toBeTruthy();
        else
          expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
            'https://acme.example.test',
          );
      },
      'organisations.failed': (screen, snapshot) => {
        expect(screen.getByRole('tab', { name: 'Organisations' })).toBeTruthy();
        if (!snapshot.matches({ tab: 'organisations' })) return;
        expect(screen.getByText(/Your organisations could not be loaded\./)).toBeTruthy();
        expect(screen.queryByText('You have no organisations yet')).toBeNull();
      },
    },
    eventDrivers: {
      // The route sends these when a creation form succeeds.
      'channel.created': (_screen, _user, event, actorRef) => actorRef.send(event as never),
      'organisation.created': (_screen, _user, event, actorRef) => actorRef.send(event as never),
      'tab.select': (screen, user, event) =>
        user.click(
          screen.getByRole('tab', {
            name: (event as { tab?: string }).tab === 'channels' ? /^Channels/ : /^Organisations/,
          }),
        ),
      'channels.retry': async (screen, user, _event, actorRef) => {
        if (actorRef.getSnapshot().matches({ tab: 'channels' }))
          await user.click(screen.getByRole('button', { name: 'Try again' }));
        else actorRef.send({ type: 'channels.retry' });
      },
      'organisations.retry': async (screen, user, _event, actorRef) => {
        if (actorRef.getSnapshot().matches({ tab: 'organisations' }))
          await user.click(screen.getByRole('button', { name: 'Try again' }));
        else actorRef.send({ type: 'organisations.retry' });
      },
    },
  },
});
