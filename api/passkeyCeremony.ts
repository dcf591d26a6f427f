/**
 * The browser's side of passkey ceremonies (docs/decisions/security.md: Passkeys). @simplewebauthn/browser is imported
 * only when a ceremony starts: the button, or the e-mail field's autofill once that field has the focus. So /login's
 * first load (scripts/size.ts) does not carry it; whether the browser has WebAuthn at all is read without it.
 */
import type {
  PasskeyAuthenticationResponseWire,
  PasskeyCreationOptionsWire,
  PasskeyRegistrationResponseWire,
  PasskeyRequestOptionsWire,
} from './contract';
import { passkeyLoginOptions, passkeyStepUpOptions } from './passkeys';

const library = () => import('@simplewebauthn/browser');

const publicKeyCredential = () =>
  (globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } })
    .PublicKeyCredential;

/** Whether this browser has WebAuthn at all: /login's button, /me's 'Add a passkey'. */
export const hasWebAuthn = (): boolean => publicKeyCredential() !== undefined;

/** What this browser offers: any WebAuthn (the button), and passkeys in the autofill (conditional mediation). */
export const detectPasskeySupport = async (): Promise<{ button: boolean; autofill: boolean }> => {
  const credential = publicKeyCredential();
  if (!credential) return { button: false, autofill: false };
  const autofill = (await credential.isConditionalMediationAvailable?.().catch(() => false)) === true;
  return { button: true, autofill };
};

/**
 * Browsers answer NotAllowedError both to a cancel and to a timeout; one that came when the ceremony's time was
 * up is renamed TimeoutError (machines/form/ceremonyRefusal.ts).
 */
const timed = async <T>(timeoutMs: number | undefined, run: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    return await run();
  } catch (error) {
    const name = (error as { cause?: { name?: string }; name?: string }).cause?.name ?? (error as Error).name;
    if (name === 'NotAllowedError' && timeoutMs !== undefined && Date.now() - started >= timeoutMs) {
      throw Object.assign(new Error('passkey ceremony timed out'), { name: 'TimeoutError' });
    }
    throw error;
  }
};

const signInWith = async (options: PasskeyRequestOptionsWire, autofill: boolean) => {
  const { startAuthentication } = await library();
  const answer = await timed(options.timeout, () =>
    startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill }),
  );
  return answer as PasskeyAuthenticationResponseWire;
};

/** The button: the browser's passkey dialog. */
export const askBrowserForPasskey = async (): Promise<PasskeyAuthenticationResponseWire> =>
  signInWith(await passkeyLoginOptions(), false);

/** The field that offers passkeys in its autofill, as @simplewebauthn/browser finds it. */
const AUTOFILL_FIELD = "input[autocomplete$='webauthn']";

/**
 * Resolves when the autofill field has the focus (at once when it has it already, or when the page has none):
 * only then does anyone see the autofill. Waiting keeps the WebAuthn code and the options call (a hit on the
 * login's rate limit, a challenge that lives 5 minutes) out of a page that is only opened. Rejects on `signal`.
 */
const autofillFieldFocused = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const focused = () => document.activeElement?.matches(AUTOFILL_FIELD) === true;
    if (typeof document === 'undefined' || !document.querySelector(AUTOFILL_FIELD) || focused())
      return resolve();
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || !event.target.matches(AUTOFILL_FIELD)) return;
      document.removeEventListener('focusin', onFocus);
      resolve();
    };
    document.addEventListener('focusin', onFocus);
    signal.addEventListener(
      'abort',
      () => {
        document.removeEventListener('focusin', onFocus);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * /me's step-up by passkey (docs/decisions/security.md: Step-up): the browser's passkey dialog for the user's own passkeys
 * (the options name them). `signal` (the machine leaving the state) ends the dialog.
 */
export const askBrowserForStepUp = async (
  signal: AbortSignal,
): Promise<PasskeyAuthenticationResponseWire> => {
  const options = await passkeyStepUpOptions();
  const { WebAuthnAbortService } = await library();
  signal.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
  return signInWith(options, false);
};

/**
 * The e-mail field's autofill: resolves when the user picks a passkey there. It starts when that field first has
 * the focus (docs/decisions/security.md: Passkeys, /login's first load). The ceremony started later (the button) ends this
 * one; `signal` (the machine leaving the state) ends it too.
 */
export const autofillPasskey = async (signal: AbortSignal): Promise<PasskeyAuthenticationResponseWire> => {
  await autofillFieldFocused(signal);
  const options = await passkeyLoginOptions();
  const { WebAuthnAbortService } = await library();
  signal.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
  return signInWith(options, true);
};

/**
 * /me's 'Add a passkey': the browser makes a passkey with the server's options (user verification required,
 * resident key preferred, attestation none: the server's choice). `signal` (the machine leaving the state, the
 * user's Cancel) ends the browser's dialog.
 */
export const createPasskey = async (
  options: PasskeyCreationOptionsWire,
  signal: AbortSignal,
): Promise<PasskeyRegistrationResponseWire> => {
  const { startRegistration, WebAuthnAbortService } = await library();
  signal.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
  const answer = await timed(options.timeout, () => startRegistration({ optionsJSON: options as never }));
  return answer as PasskeyRegistrationResponseWire;
};
