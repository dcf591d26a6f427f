import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectFullCoverage,
  modelFor,
  runOnMachine,
  runOnScreen,
  type ScreenOptions,
} from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { EmailChangeLinkView } from '../../ui/emailChange/EmailChangeLinkView';
import { emailChangeLinkMachine } from './emailChangeLink.machine';
import { emailChangeLinkSamples } from './emailChangeLink.samples';

// The route opens /forgot_password_set with the undo's reset token; here the effect is recorded.
const continuedWith: (string | undefined)[] = [];
const implementations = {
  actions: {
    continueToNewPassword: ({ context }: { context: { resetToken: string | undefined } }) =>
      void continuedWith.push(context.resetToken),
  },
};

// Three inputs on one coverage record: the confirm link, the undo link, and a link without a token (no call).
const confirm = modelFor(emailChangeLinkMachine, { ...emailChangeLinkSamples, implementations });
const undo = {
  ...modelFor(emailChangeLinkMachine, {
    ...emailChangeLinkSamples,
    implementations,
    input: { kind: 'undo', token: 'undo-token' },
  }),
  coverage: confirm.coverage,
};
const tokenless = {
  ...modelFor(emailChangeLinkMachine, {
    events: emailChangeLinkSamples.events,
    implementations,
    input: { kind: 'confirm' },
  }),
  coverage: confirm.coverage,
};

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const ERRORS: Record<string, string> = {
  email_change_token_invalid_error: 'This e-mail change link is invalid, already used or expired.',
};

const button = (screen: Screen, kind: 'confirm' | 'undo') =>
  screen.getByRole('button', { name: kind === 'confirm' ? 'Confirm the change' : 'Undo the change' });

const screen: ScreenOptions<typeof emailChangeLinkMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <EmailChangeLinkView
        actorRef={actorRef}
        renderLoginLink={(children) => <a href="/login">{children}</a>}
      />
    </I18nProvider>
  ),
  stateAssertions: {
    checkingToken: () => undefined,
    // docs/decisions/security.md: Mailed links wait for a click: the opened link has used nothing.
    asking: (screen, snapshot) => {
      const confirming = snapshot.context.kind === 'confirm';
      const heading = screen.getByRole('heading', {
        level: 1,
        name: confirming ? 'Confirm your new e-mail address' : 'Undo the e-mail change',
      });
      expect(document.activeElement).toBe(heading);
      expect(
        screen.getByText(
          confirming
            ? "Press the button to make this address your account's e-mail address. The link works once."
            : /put your account's previous e-mail address back. Every session will be signed out/,
        ),
      ).toBeTruthy();
      expect(button(screen, snapshot.context.kind).getAttribute('aria-busy')).toBeNull();
    },
    using: (screen, snapshot) => {
      const text =
        snapshot.context.kind === 'confirm'
          ? 'Changing your e-mail address…'
          : 'Putting your e-mail address back…';
      expect(screen.getByRole('status').textContent).toContain(text);
    },
    done: (screen, snapshot) => {
      const confirming = snapshot.context.kind === 'confirm';
      const heading = screen.getByRole('heading', {
        level: 1,
        name: confirming ? 'Your e-mail address is changed' : 'Your e-mail address is back',
      });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText(new RegExp(`Your account (now )?uses ${snapshot.context.email}`))).toBeTruthy();
      if (!confirming) expect(screen.getByText(/every session was signed out/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    },
    refused: (screen, snapshot) => {
      const heading = screen.getByRole('heading', { level: 1, name: 'This link did not work' });
      expect(document.activeElement).toBe(heading);
      const expected = ERRORS[snapshot.context.error?.code ?? ''];
      if (expected) expect(screen.getByText(expected)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    },
    settingPassword: (screen, snapshot) => {
      // docs/decisions/security.md: Recovery review: on to set a new password with the reset token the undo answered.
      expect(screen.getByRole('status').textContent).toContain(
        'Your e-mail address is back. Opening the page to set a new password…',
      );
      expect(continuedWith.at(-1)).toBe(snapshot.context.resetToken);
      expect(snapshot.context.resetToken).toBe('reset-token');
    },
    failed: (screen) => {
      expect(screen.getByRole('heading', { level: 1, name: 'This link did not work' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
  },
  eventDrivers: {
    retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'form.submit': (screen, user, _event, actorRef) =>
      user.click(button(screen, actorRef.getSnapshot().context.kind)),
  },
};

describe('model of emailChangeLink without a token', () => {
  for (const path of tokenless.paths()) {
    it(`machine: ${path.description}`, async () => {
      const run = await runOnMachine(tokenless, path);
      expect(run.calls).toEqual([]);
    });
    it(`screen: ${path.description}`, () => runOnScreen(tokenless, path, screen));
  }
});

describe('model of emailChangeLink, the undo link', () => {
  for (const path of undo.paths()) {
    it(`machine: ${path.description}`, () => runOnMachine(undo, path));
    it(`screen: ${path.description}`, () => runOnScreen(undo, path, screen));
  }
});

describe('model of emailChangeLink, the confirm link', () => {
  for (const path of confirm.paths()) {
    it(`machine: ${path.description}`, () => runOnMachine(confirm, path));
    it(`screen: ${path.description}`, () => runOnScreen(confirm, path, screen));
  }
  afterAll(() => expectFullCoverage(confirm));
});
