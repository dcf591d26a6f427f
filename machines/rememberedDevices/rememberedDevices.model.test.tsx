import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { HeadingsAt } from '../../ui/components/headingLevel';
import { RememberedDevicesPanel } from '../../ui/me/security/RememberedDevicesPanel';
import { rememberedDevicesMachine } from './rememberedDevices.machine';
import { rememberedDevicesSamples } from './rememberedDevices.samples';

const model = modelFor(rememberedDevicesMachine, rememberedDevicesSamples);

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const cardOf = (text: string) => within(document.body).getByText(text).closest('li') as HTMLElement;
const forgetButtons = (screen: Screen) => screen.queryAllByRole('button', { name: /^Forget/ });

testModel(model, {
  screen: {
    // Berlin: 23:30 UTC on the 9th is the 10th there (the viewer's calendar, ui/lists/formatDate.ts).
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <RememberedDevicesPanel actorRef={actorRef} timeZone="Europe/Berlin" />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      loading: (screen) => {
        expect(screen.getByRole('status').textContent).toBe('Loading your remembered devices…');
        expect(screen.queryByRole('list')).toBeNull();
      },
      loadFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toContain(
          'Your remembered devices could not be loaded.',
        );
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      listed: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 3, name: 'Remembered devices' })).toBeTruthy();
        const cards = screen.getAllByRole('listitem');
        expect(cards).toHaveLength(snapshot.context.devices.length);
        for (const device of snapshot.context.devices) {
          const card = cardOf(`${device.browser} on ${device.system}`);
          expect(within(card).queryByText('This device') !== null).toBe(device.current);
          expect(within(card).getByText('Remembered 10/01/2026 09:00')).toBeTruthy();
          expect(within(card).getByText('Until 10/02/2026')).toBeTruthy();
          const name = device.current ? 'Forget this device' : `Forget ${device.browser} on ${device.system}`;
          expect(within(card).getByRole('button', { name }).getAttribute('aria-busy')).toBeNull();
        }
        expect(screen.queryByRole('alert')).toBeNull();
      },
      empty: (screen) => {
        expect(screen.queryByRole('list')).toBeNull();
        expect(screen.getByText(/^No device is remembered\./)).toBeTruthy();
        expect(forgetButtons(screen)).toEqual([]);
      },
      forgetting: (screen, snapshot) => {
        const busy = forgetButtons(screen);
        expect(busy).toHaveLength(1);
        expect(busy[0]?.getAttribute('aria-busy')).toBe('true');
        const device = snapshot.context.devices.find((d) => d.id === snapshot.context.forgetting);
        expect(busy[0]?.closest('li')?.textContent).toContain(`${device?.browser} on ${device?.system}`);
      },
      forgetFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toContain('That did not work.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Leave it' })).toBeTruthy();
        expect(forgetButtons(screen)).toEqual([]);
      },
      signedOut: (screen) => {
        expect(screen.getByRole('status').textContent).toBe(
          'You are signed out. Taking you to the login page…',
        );
        expect(screen.queryByRole('list')).toBeNull();
      },
    },
    eventDrivers: {
      'device.forget': async (_screen, user, event, actorRef) => {
        const { id } = event as unknown as { id: string };
        const device = actorRef.getSnapshot().context.devices.find((d) => d.id === id);
        const card = cardOf(`${device?.browser} on ${device?.system}`);
        await user.click(within(card).getByRole('button'));
      },
      retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
      dismiss: (screen, user) => user.click(screen.getByRole('button', { name: 'Leave it' })),
    },
  },
});
