import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { beforeEach, expect, vi } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { MagicLinkView } from '../../ui/magicLink/MagicLinkView';
import { magicLinkMachine } from './magicLink.machine';
import { magicLinkSamples } from './magicLink.samples';

const continueTo = vi.fn();

const model = modelFor(magicLinkMachine, {
  ...magicLinkSamples,
  implementations: { actions: { continueTo: (_: unknown, params: unknown) => continueTo(params) } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/** Every path starts a fresh actor; the effect spy starts fresh with it. */
beforeEach(() => continueTo.mockClear());

const expectWaysOn = (screen: Screen) => {
  expect(screen.getByRole('link', { name: 'Send me a new sign-in link' }).getAttribute('href')).toBe(
    '/forgotPasswordMagic',
  );
  expect(
    screen.getByRole('link', { name: 'Log in with your e-mail and password' }).getAttribute('href'),
  ).toBe('/login');
};

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <MagicLinkView
          actorRef={actorRef}
          renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
        />
      </I18nProvider>
    ),
    stateAssertions: {
      exchanging: (screen) => {
        expect(screen.getByRole('status').textContent).toContain('Signing you in…');
        expect(continueTo).not.toHaveBeenCalled();
      },
      continuing: (screen, snapshot) => {
        expect(screen.getByRole('status').textContent).toContain('Signing you in…');
        // The server's redirectUrl first, else the link's own redirect (the route checks either).
        const expected = snapshot.context.target;
        expect(['/root/me?tab=channels', 'http://acme.platform.test/webapp']).toContain(expected);
        expect(continueTo).toHaveBeenLastCalledWith({ target: expected });
      },
      failed: (screen, snapshot) => {
        const heading = screen.getByRole('heading', { level: 1 });
        expect(document.activeElement).toBe(heading);
        if (snapshot.context.error?.code === 'magic_link_invalid_error') {
          expect(heading.textContent).toBe('This sign-in link has been used or has expired.');
          expect(
            screen.getByText(
              'Each sign-in link works once and only for a short time. Ask for a new one below.',
            ),
          ).toBeTruthy();
        } else {
          expect(heading.textContent).toBe('We could not sign you in with this link');
          expect(screen.getByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
        }
        expectWaysOn(screen);
        expect(continueTo).not.toHaveBeenCalled();
      },
    },
    eventDrivers: {},
  },
});
