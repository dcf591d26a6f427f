import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResult } from '../../api/contract/auth';
import type { PasskeyAuthenticationResponseWire } from '../../api/contract/passkeys';
import { webAuthnError } from '../../test/model/samples';
import { ceremonyRefusalOf } from '../form/ceremonyRefusal';
import { type PasskeySupport, passkeySignInMachine } from './passkeySignIn.machine';

const CREDENTIAL = {
  id: 'aWQ',
  rawId: 'aWQ',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
} satisfies PasskeyAuthenticationResponseWire;

interface Script {
  support?: PasskeySupport;
  autofill?: () => Promise<PasskeyAuthenticationResponseWire>;
  ask?: () => Promise<PasskeyAuthenticationResponseWire>;
  verify?: (credential: PasskeyAuthenticationResponseWire) => Promise<LoginResult>;
}

function start(script: Script) {
  const redirects: Array<string | null> = [];
  const verified: PasskeyAuthenticationResponseWire[] = [];
  let autofillSignal: AbortSignal | undefined;
  const machine = passkeySignInMachine.provide({
    actors: {
      detectSupport: fromPromise(async () => script.support ?? { button: true, autofill: false }),
      autofill: fromPromise(({ signal }) => {
        autofillSignal = signal;
        return script.autofill?.() ?? new Promise<PasskeyAuthenticationResponseWire>(() => {});
      }),
      askBrowser: fromPromise(async () => (script.ask ? script.ask() : CREDENTIAL)),
      verify: fromPromise(async ({ input }) => {
        verified.push(input.credential);
        return script.verify ? script.verify(input.credential) : { redirectUrl: null };
      }),
    },
    actions: { signedIn: (_, { redirectUrl }) => void redirects.push(redirectUrl) },
  });
  const actor = createActor(machine).start();
  return { actor, redirects, verified, autofillSignal: () => autofillSignal };
}

describe('passkeySignInMachine (docs/decisions/security.md: Passkeys)', () => {
  it('offers nothing where the browser has no WebAuthn, or cannot say', async () => {
    const none = start({ support: { button: false, autofill: false } });
    expect((await waitFor(none.actor, (s) => !s.matches('detecting'))).value).toBe('notSupported');
    const failing = createActor(
      passkeySignInMachine.provide({
        actors: { detectSupport: fromPromise<PasskeySupport>(async () => Promise.reject(new Error('x'))) },
      }),
    ).start();
    expect((await waitFor(failing, (s) => !s.matches('detecting'))).value).toBe('notSupported');
  });

  it('signs in by the button: the browser, then the server, then the login’s redirect', async () => {
    const { actor, redirects, verified } = start({
      verify: async () => ({ redirectUrl: 'https://x.test/' }),
    });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SIGN_IN' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(verified).toEqual([CREDENTIAL]);
    expect(redirects).toEqual(['https://x.test/']);
  });

  it('signs in by the autofill; the button instead ends the pending autofill request', async () => {
    const picked = start({ support: { button: true, autofill: true }, autofill: async () => CREDENTIAL });
    await waitFor(picked.actor, (s) => s.status === 'done');
    expect(picked.verified).toEqual([CREDENTIAL]);

    const button = start({ support: { button: true, autofill: true } });
    await waitFor(button.actor, (s) => s.matches('offeringAutofill'));
    button.actor.send({ type: 'SIGN_IN' });
    expect(button.autofillSignal()?.aborted).toBe(true);
    await waitFor(button.actor, (s) => s.status === 'done');
  });

  it('an autofill the browser ends leaves the button', async () => {
    const { actor } = start({
      support: { button: true, autofill: true },
      autofill: async () => Promise.reject(webAuthnError('AbortError')),
    });
    expect((await waitFor(actor, (s) => s.matches('idle'))).value).toBe('idle');
  });

  it('says why a ceremony ended, and tries again on the button', async () => {
    let tries = 0;
    const { actor } = start({
      ask: async () => {
        tries += 1;
        if (tries === 1) throw webAuthnError('NotAllowedError');
        return CREDENTIAL;
      },
    });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SIGN_IN' });
    const refused = await waitFor(actor, (s) => s.matches('refused'));
    expect(refused.value).toEqual({ refused: 'cancelled' });
    expect(refused.context.error).toBeUndefined();
    actor.send({ type: 'SIGN_IN' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('each refusal is its own state: the browser’s by its error name, the server’s by its code', async () => {
    const refusedBy = async (script: Script) => {
      const { actor } = start(script);
      await waitFor(actor, (s) => s.matches('idle'));
      actor.send({ type: 'SIGN_IN' });
      return (await waitFor(actor, (s) => s.matches('refused'))).value;
    };
    const failure = (code: string) => Promise.reject({ failure: { code, fieldErrors: [] } });
    expect(await refusedBy({ ask: async () => Promise.reject(webAuthnError('NotAllowedError')) })).toEqual({
      refused: 'cancelled',
    });
    expect(await refusedBy({ ask: async () => Promise.reject(webAuthnError('TimeoutError')) })).toEqual({
      refused: 'timedOut',
    });
    expect(await refusedBy({ ask: async () => Promise.reject(webAuthnError('NotSupportedError')) })).toEqual({
      refused: 'notSupported',
    });
    // get() has no InvalidStateError to give; one would be nothing the user can act on.
    expect(await refusedBy({ ask: async () => Promise.reject(webAuthnError('InvalidStateError')) })).toEqual({
      refused: 'invalid',
    });
    expect(await refusedBy({ ask: () => failure('rate_limited_error') })).toEqual({ refused: 'rateLimited' });
    expect(await refusedBy({ verify: () => failure('passkey_invalid_error') })).toEqual({
      refused: 'invalid',
    });
    expect(await refusedBy({ verify: () => failure('account_locked_error') })).toEqual({ refused: 'locked' });
    expect(await refusedBy({ verify: () => failure('rate_limited_error') })).toEqual({
      refused: 'rateLimited',
    });
  });

  it('keeps the server’s code when it refuses the passkey; a failure without one is unknown_server_error', async () => {
    const locked = start({
      verify: async () => Promise.reject({ failure: { code: 'account_locked_error', fieldErrors: [] } }),
    });
    await waitFor(locked.actor, (s) => s.matches('idle'));
    locked.actor.send({ type: 'SIGN_IN' });
    const refused = await waitFor(locked.actor, (s) => s.matches('refused'));
    expect(refused.value).toEqual({ refused: 'locked' });
    expect(refused.context.error).toEqual({ code: 'account_locked_error' });

    const down = start({ verify: async () => Promise.reject(new Error('network')) });
    await waitFor(down.actor, (s) => s.matches('idle'));
    down.actor.send({ type: 'SIGN_IN' });
    const failed = await waitFor(down.actor, (s) => s.matches('refused'));
    expect(failed.value).toEqual({ refused: 'invalid' });
    expect(failed.context.error).toEqual({ code: 'unknown_server_error' });
  });
});

describe('ceremonyRefusalOf', () => {
  it('reads the browser’s error names, also behind the library’s wrapper', () => {
    expect(ceremonyRefusalOf(webAuthnError('NotAllowedError'))).toBe('cancelled');
    expect(ceremonyRefusalOf(webAuthnError('AbortError'))).toBe('cancelled');
    expect(ceremonyRefusalOf(webAuthnError('TimeoutError'))).toBe('timedOut');
    expect(ceremonyRefusalOf(webAuthnError('NotSupportedError'))).toBe('notSupported');
    expect(ceremonyRefusalOf(webAuthnError('InvalidStateError'))).toBe('alreadyRegistered');
    expect(ceremonyRefusalOf(webAuthnError('SecurityError'))).toBe('invalid');
    expect(ceremonyRefusalOf({ name: 'WebAuthnError', cause: webAuthnError('InvalidStateError') })).toBe(
      'alreadyRegistered',
    );
    expect(ceremonyRefusalOf('nonsense')).toBe('invalid');
  });
});
