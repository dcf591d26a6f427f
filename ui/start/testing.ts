/**
 * Test helper for the company-id sign-ups' answers that name an address (docs/decisions/security.md: Company-id sign-up
 * races), shared by the /start and company-page model tests: the texts as the employee reads them (source texts,
 * en-US), and the screen that says a registration for them waits at another address.
 */
import { expect } from 'vitest';
import type { Refusal } from '../../machines/form/refusal';
import type { Screen } from '../../test/model/runOnScreen';

const ADMIN =
  "If it is not, someone else may have used your details: please contact your organisation's admin.";

/** The refusal's text: a masked address in its details is said; without one, the catalogue's plain text. */
export const addressRefusalText = (error: Refusal): string | undefined => {
  const email = typeof error.details?.email === 'string' ? error.details.email : undefined;
  if (error.code === 'user_is_already_confirmed_error')
    return email
      ? `You are already registered, with the address ${email}. Please log in with it. If that is not your address, someone else may have used your details: please contact your organisation's admin.`
      : 'This account has already been confirmed. You can log in.';
  if (error.code === 'registration_pending_elsewhere_error')
    return email
      ? `A registration for you is already waiting for confirmation at ${email}. If that is your address, use the link we have sent there. ${ADMIN}`
      : undefined;
  return undefined;
};

/** The pending-elsewhere screen: its heading, where the registration waits (masked), whom to write, two ways on. */
export function expectPendingElsewhere(screen: Screen, error: Refusal | undefined, contactEmail: string) {
  expect(screen.getByRole('heading', { level: 1, name: 'A registration for you is waiting' })).toBeTruthy();
  expect(error?.code).toBe('registration_pending_elsewhere_error');
  const text = error ? addressRefusalText(error) : undefined;
  expect(text).toMatch(/\*\*\*@/);
  expect(screen.getByText(text ?? '')).toBeTruthy();
  expect(screen.getByRole('link', { name: `Contact us at ${contactEmail}` }).getAttribute('href')).toBe(
    `mailto:${contactEmail}`,
  );
  expect(screen.getByRole('button', { name: 'Use another e-mail address' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Start over' })).toBeTruthy();
  expect(screen.queryByText(/Step \d of \d/)).toBeNull();
}
