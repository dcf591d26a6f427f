/**
 * What a 'check your e-mail' place shows of 'Send again' (ui/form/ResendPart.tsx; docs/decisions/product.md: Check your
 * e-mail), for the model tests of the machines that have it: the button refuses while the wait runs, described
 * by the visible countdown; what the last 'Send again' brought is said once, a refusal as what it is.
 */
import { expect } from 'vitest';
import type { Refusal } from '../machines/form/refusal';
import type { Screen } from './model/runOnScreen';

/** The texts of the refusals the samples send (en-US source). */
const REFUSAL_TEXTS: Record<string, string> = {
  // A mail limit (per recipient, per address, per account), said as what it is.
  rate_limited_error:
    'Too many e-mails have been sent to this address for now. Please wait a while, then ask again.',
  user_is_already_confirmed_error: 'This account has already been confirmed. You can log in.',
  email_already_exist_error: 'An account with this e-mail address already exists.',
  unknown_server_error: 'Something went wrong. Please try again later.',
};

export const resendButton = (screen: Screen) => screen.getByRole('button', { name: 'Send again' });

export function expectResendMail(
  screen: Screen,
  {
    phase,
    error,
    resent,
  }: { phase: 'waiting' | 'ready' | 'sending'; error: Refusal | undefined; resent: boolean },
) {
  const button = resendButton(screen) as HTMLButtonElement;
  // Never `disabled`: the focus a keyboard user put on it stays there.
  expect(button.disabled).toBe(false);
  expect(button.getAttribute('aria-busy')).toBe(phase === 'sending' ? 'true' : null);
  expect(button.getAttribute('aria-disabled')).toBe(phase === 'ready' ? null : 'true');
  const wait = screen.queryByText(/^You can send it again in \d+ s\.$/);
  if (phase === 'waiting') {
    expect(wait).not.toBeNull();
    expect(Number(/\d+/.exec(wait?.textContent ?? '')?.[0])).toBeLessThanOrEqual(60);
    expect(button.getAttribute('aria-describedby')).toBe(wait?.id);
  } else expect(wait).toBeNull();
  const refusal = error ? REFUSAL_TEXTS[error.code] : undefined;
  if (error) expect(refusal, `a text for ${error.code} in test/resendMailScreen.ts`).toBeDefined();
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toEqual(refusal ? [refusal] : []);
  const statuses = screen.queryAllByRole('status').map((status) => status.textContent);
  expect(statuses).toEqual(resent && !error ? ['We have sent the e-mail again.'] : []);
  expect(screen.getByText('No e-mail? Look in your spam folder, or ask for it again.')).toBeTruthy();
}
