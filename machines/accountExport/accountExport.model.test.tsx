import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect, vi } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { Heading, HeadingsAt } from '../../ui/components/headingLevel';
import { AccountExportPart } from '../../ui/me/security/AccountExportPart';
import { accountExportMachine } from './accountExport.machine';
import { accountExportSamples, EXPORTED } from './accountExport.samples';

// The step-up is machines/stepUp's own screen, tested with it; a deferred fake stands in for the child here.
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

const saveFile = vi.fn();
const model = modelFor(accountExportMachine, {
  ...accountExportSamples,
  implementations: { actions: { saveFile: (_: unknown, data: unknown) => saveFile(data) } },
});
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const downloadButton = (screen: Screen) =>
  screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement;

/** The part's heading, what the file holds and its button: enabled, busy, or waiting. */
function expectPart(screen: Screen, button: 'enabled' | 'busy' | 'disabled') {
  expect(screen.getByRole('heading', { level: 3, name: 'Your data' })).toBeTruthy();
  expect(screen.getByText(/No password or other secret is in it/)).toBeTruthy();
  const element = downloadButton(screen);
  expect(element.getAttribute('aria-busy')).toBe(button === 'busy' ? 'true' : null);
  expect(element.disabled).toBe(button === 'disabled');
}

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <AccountExportPart actorRef={actorRef} />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      idle: (screen) => {
        expectPart(screen, 'enabled');
        expect(screen.queryByText('Downloaded')).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
      },
      exporting: (screen) => {
        expectPart(screen, 'busy');
        expect(screen.queryByRole('alert')).toBeNull();
      },
      steppingUp: (screen) => {
        expect(screen.getByRole('heading', { level: 4, name: "Confirm it's you" })).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
      },
      saved: (screen) => {
        expectPart(screen, 'enabled');
        expect(screen.getByRole('status').textContent).toBe('Downloaded');
        expect(saveFile).toHaveBeenLastCalledWith(EXPORTED);
      },
      failed: (screen) => {
        expectPart(screen, 'disabled');
        expect(screen.getByRole('alert').textContent).toContain('Your data could not be downloaded.');
        expect(screen.getByRole('alert').textContent).toContain('Too many requests.');
        expect(screen.queryByText('Downloaded')).toBeNull();
      },
    },
    eventDrivers: {
      'export.start': (screen, user) => user.click(downloadButton(screen)),
      retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
      'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    },
  },
});
