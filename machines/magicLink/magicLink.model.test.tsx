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

const signIn = (screen: Screen) => screen.getByRole('button', { name: 'Sign in' });

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
      // docs/decisions/security.md: Mailed links wait for a click: the page opened has used nothing.
      asking: (screen, snapshot) => {
        const heading = screen.getByRole('heading', { level: 1 });
        expect(heading.textContent).toBe('Sign in with your link');
        expect(
          screen.getByText('Press the button to sign in on this device. The link works once.'),
        ).toBeTruthy();
        const button = signIn(screen);
        expect(button.getAttribute('aria-busy')).not.toBe('true');
        if (snapshot.context.error) {
          // A failure that is not a used or expired link: said as the form's alert; the button pressed keeps
          // the focus and tries again.
          expect(screen.getByRole('alert').textContent).toContain(
            'Too many requests. Please wait a moment and try again.',
          );
          expect(document.activeElement).toBe(button);
        } else {
          expect(document.activeElement).toBe(heading);
          expect(screen.queryByRole('alert')).toBeNull();
        }
        expect(continueTo).not.toHaveBeenCalled();
      },
      exchanging: (screen) => {
        expect(signIn(screen).getAttribute('aria-busy')).toBe('true');
        expect(continueTo).not.toHaveBeenCalled();
      },
      continuing: (screen, snapshot) => {
        expect(screen.getByRole('status').textContent).toContain('Signing you in…');
        // The server's redirectUrl first, else the link's own redirect (the route checks either).
        const expected = snapshot.context.target;
        expect(['/root/me?tab=channels', 'http://acme.platform.test/webapp']).toContain(expected);
        expect(continueTo).toHaveBeenLastCalledWith({ target: expected });
      },
      failed: (screen) => {
        const heading = screen.getByRole('heading', { level: 1 });
        expect(document.activeElement).toBe(heading);
        expect(heading.textContent).toBe('This sign-in link has been used or has expired.');
        expect(
          screen.getByText(
            'Each sign-in link works once and only for a short time. Ask for a new one below.',
          ),
        ).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
        expectWaysOn(screen);
        expect(continueTo).not.toHaveBeenCalled();
      },
    },
    eventDrivers: {
      'form.submit': (screen, user) => user.click(signIn(screen)),
    },
  },
});
