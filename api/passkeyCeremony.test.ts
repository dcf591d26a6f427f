/**
 * The e-mail field's passkey autofill starts when that field has the focus (docs/decisions/security.md: Passkeys): an opened
 * /login neither asks for options (a hit on the login's rate limit) nor loads the WebAuthn code (its first load).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const CREDENTIAL = { id: 'aWQ', rawId: 'aWQ', type: 'public-key' };
const passkeyLoginOptions = vi.fn(async () => ({ challenge: 'Y2hhbGxlbmdl', timeout: 300_000 }));
const startAuthentication = vi.fn(async () => CREDENTIAL);
vi.mock('./passkeys', () => ({ passkeyLoginOptions }));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication,
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

const { autofillPasskey } = await import('./passkeyCeremony');

const settled = () => new Promise((done) => setTimeout(done, 20));

beforeEach(() => {
  document.body.innerHTML =
    '<input id="email" autocomplete="username webauthn"><input id="password" autocomplete="current-password">';
  passkeyLoginOptions.mockClear();
  startAuthentication.mockClear();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('autofillPasskey', () => {
  it('waits for the e-mail field’s focus before the options and the ceremony', async () => {
    const answer = autofillPasskey(new AbortController().signal);
    document.getElementById('password')?.focus();
    await settled();
    expect(passkeyLoginOptions).not.toHaveBeenCalled();
    expect(startAuthentication).not.toHaveBeenCalled();
    document.getElementById('email')?.focus();
    await expect(answer).resolves.toEqual(CREDENTIAL);
    expect(startAuthentication).toHaveBeenCalledWith(expect.objectContaining({ useBrowserAutofill: true }));
  });

  it('starts at once when the field has the focus already', async () => {
    document.getElementById('email')?.focus();
    await expect(autofillPasskey(new AbortController().signal)).resolves.toEqual(CREDENTIAL);
    expect(passkeyLoginOptions).toHaveBeenCalledTimes(1);
  });

  it('ends without a call when the machine leaves first (the button was pressed)', async () => {
    const leaving = new AbortController();
    const answer = autofillPasskey(leaving.signal);
    leaving.abort(new Error('left'));
    await expect(answer).rejects.toThrow('left');
    document.getElementById('email')?.focus();
    await settled();
    expect(passkeyLoginOptions).not.toHaveBeenCalled();
  });
});
