import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { RecoveryReviewView } from '../../ui/recovery/RecoveryReviewView';
import { recoveryReviewMachine } from './recoveryReview.machine';
import { recoveryReviewSamples } from './recoveryReview.samples';

type Snapshot = SnapshotFrom<typeof recoveryReviewMachine>;

const model = modelFor(recoveryReviewMachine, recoveryReviewSamples);
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const ERRORS: Record<string, string> = {
  unknown_server_error: 'Something went wrong. Please try again later.',
  forbidden_error: 'You are not allowed to do this.',
  rate_limited_error: 'Too many requests. Please wait a moment and try again.',
};

/** docs/decisions/security.md: Recovery review: every way in, as the last answer has it; busy buttons while a change runs. */
function expectReview(screen: Screen, snapshot: Snapshot) {
  expect(screen.getByRole('heading', { level: 1, name: 'Check the ways into your account' })).toBeTruthy();
  const review = snapshot.context.review;
  if (!review) throw new Error('a review is shown only once read');
  for (const passkey of review.passkeys) {
    const remove = screen.getByRole('button', { name: `Remove “${passkey.name}”` });
    const keep = screen.queryByRole('button', { name: `Keep “${passkey.name}”` });
    expect(keep !== null).toBe(passkey.suspended);
    const card = remove.closest('li') as HTMLElement;
    expect(card.textContent).toContain(`from ${passkey.addedFrom}`);
    expect(card.textContent?.includes('Suspended')).toBe(passkey.suspended);
    const busy = snapshot.hasTag('busy') && snapshot.context.passkeyId === passkey.id;
    expect(remove.getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  }
  if (review.passkeys.length === 0) expect(screen.getByText('No passkey.')).toBeTruthy();
  const removeApp = screen.queryByRole('button', {
    name: 'Remove the authenticator app and its recovery codes',
  });
  expect(removeApp !== null).toBe(review.authenticator?.removable === true);
  const page = document.body.textContent ?? '';
  if (review.authenticator?.addedFrom)
    expect(page).toContain(`(turned on from ${review.authenticator.addedFrom})`);
  if (review.recoveryCodes) expect(page).toContain(`${review.recoveryCodes.remaining} recovery codes left`);
  if (!review.authenticator) expect(screen.getByText('Off: a password alone signs in.')).toBeTruthy();
  const alerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  const error = snapshot.context.error;
  expect(alerts.map((alert) => alert.textContent)).toEqual(error ? [ERRORS[error.code]] : []);
  expect(screen.getByRole('button', { name: 'Done' }).getAttribute('aria-busy')).toBe(
    // Any change in flight: Done waits for it.
    snapshot.hasTag('busy') ? 'true' : null,
  );
}

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <RecoveryReviewView actorRef={actorRef} />
      </I18nProvider>
    ),
    stateAssertions: {
      loading: (screen) =>
        expect(screen.getByRole('status').textContent).toContain('Reading the ways into your account…'),
      loadFailed: (screen) => {
        expect(
          screen.getByRole('heading', { level: 1, name: 'Check the ways into your account' }),
        ).toBeTruthy();
        expect(screen.getByText(ERRORS.rate_limited_error as string)).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      reviewing: (screen, snapshot) => {
        expectReview(screen, snapshot);
        if (!snapshot.context.error && snapshot.context.review?.passkeys.length === 2)
          expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
      },
      keepingPasskey: expectReview,
      removingPasskey: expectReview,
      removingAuthenticator: (screen, snapshot) => {
        expectReview(screen, snapshot);
        expect(
          screen
            .getByRole('button', { name: 'Remove the authenticator app and its recovery codes' })
            .getAttribute('aria-busy'),
        ).toBe('true');
      },
      finishing: expectReview,
      // Final: the parent (setPassword) moves on to its success page; the review shows nothing more of its own.
      done: (_screen, snapshot) => expect(snapshot.context.expired).toBe(false),
      ended: (_screen, snapshot) => {
        expect(snapshot.context.expired).toBe(true);
        expect(snapshot.output).toEqual({ expired: true });
      },
    },
    eventDrivers: {
      'passkey.keep': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'Keep “Chrome 131 (Windows 10)”' })),
      'passkey.remove': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'Remove “Chrome 131 (Windows 10)”' })),
      'authenticator.remove': (screen, user) =>
        user.click(
          screen.getByRole('button', { name: 'Remove the authenticator app and its recovery codes' }),
        ),
      'review.finish': (screen, user) => user.click(screen.getByRole('button', { name: 'Done' })),
      retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
    },
  },
});
