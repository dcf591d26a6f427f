import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AddPasskeyInput, PasskeyCreationOptionsWire } from '../../api/contract/passkeys';
import { webAuthnError } from '../../test/model/samples';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { addPasskeyMachine } from './addPasskey.machine';

const refusal = (code: string) => ({ failure: { code, fieldErrors: [] } });
const OPTIONS = {
  challenge: 'Y2g',
  rp: { name: 'Account' },
  user: { id: 'dQ', name: 'a', displayName: 'a' },
};
const CREDENTIAL = {
  id: 'Y3I',
  rawId: 'Y3I',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
};
const ADDED = { id: 3, name: 'Chrome 131 (Linux)', createdAt: '2026-01-20T10:00:00.000Z', lastUsedAt: null };

/** The flow with fake calls (answers in turn), a fake browser and the real step-up with a fake step-up call. */
function start({ options = ['ok'], browser = ['ok'], server = ['ok'] }: Record<string, Array<unknown>>) {
  const queues = { options: [...options], browser: [...browser], register: [...server] };
  const next = (queue: unknown[], value: unknown) => {
    const answer = queue.shift();
    if (answer !== 'ok') throw answer;
    return value;
  };
  const getOptions = vi.fn(async () => next(queues.options, OPTIONS) as PasskeyCreationOptionsWire);
  const createPasskey = vi.fn(async (_input: { options: PasskeyCreationOptionsWire }) =>
    next(queues.browser, CREDENTIAL),
  );
  const register = vi.fn(async (_input: AddPasskeyInput) => next(queues.register, ADDED));
  const proof = vi.fn(async () => ({ validUntil: '2026-11-24T12:10:00.000Z' }));
  const actor = createActor(
    addPasskeyMachine.provide({
      actors: {
        getOptions: fromPromise(() => getOptions()),
        createPasskey: fromPromise(({ input }) => createPasskey(input) as Promise<typeof CREDENTIAL>),
        register: fromPromise(({ input }) => register(input) as Promise<typeof ADDED>),
        stepUp: stepUpMachine.provide({ actors: { stepUp: fromPromise(() => proof()) } }),
      },
    }),
    { input: { twoFactorEnabled: false } },
  ).start();
  return { actor, getOptions, createPasskey, register, proof };
}

describe('addPasskeyMachine (docs/decisions/security.md: Passkeys)', () => {
  it('adds a passkey without a name: the server names it; the output is the passkey', async () => {
    const { actor, createPasskey, register } = start({});
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(createPasskey).toHaveBeenCalledWith({ options: OPTIONS });
    expect(register).toHaveBeenCalledWith({ credential: CREDENTIAL });
    expect(actor.getSnapshot().output).toEqual({ passkey: ADDED });
    // The used challenge and credential are not kept.
    expect(actor.getSnapshot().context.options).toBeUndefined();
    expect(actor.getSnapshot().context.credential).toBeUndefined();
  });

  it('sends the name given, trimmed; spaces only are no name; more than 64 characters is refused before a call', async () => {
    const { actor, getOptions, register } = start({});
    actor.send({ type: 'field.change', field: 'name', value: 'x'.repeat(65) });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'string.max' });
    expect(getOptions).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'name', value: '  Work laptop ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(register).toHaveBeenCalledWith({ credential: CREDENTIAL, name: 'Work laptop' });
  });

  it('asks for the step-up when the options need one, then asks for the options again', async () => {
    const { actor, getOptions, proof } = start({ options: [refusal('step_up_required_error'), 'ok'] });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    const stepUp = actor.getSnapshot().children.stepUp;
    stepUp?.send({ type: 'field.change', field: 'password', value: 'secret password' });
    stepUp?.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(proof).toHaveBeenCalledTimes(1);
    expect(getOptions).toHaveBeenCalledTimes(2);
  });

  it('the step-up cancelled goes back to the form, nothing sent', async () => {
    const { actor, createPasskey } = start({ options: [refusal('step_up_required_error')] });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('steppingUp'));
    actor.send({ type: 'stepUp.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(createPasskey).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', 'cancelled'],
    ['AbortError', 'cancelled'],
    ['TimeoutError', 'timedOut'],
    ['NotSupportedError', 'notSupported'],
    ['InvalidStateError', 'alreadyRegistered'],
    ['SecurityError', 'invalid'],
  ])("the browser's %s is refused.%s; a new try starts again from the options", async (name, state) => {
    const { actor, getOptions, register } = start({
      options: ['ok', 'ok'],
      browser: [webAuthnError(name), 'ok'],
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().matches({ refused: state as 'cancelled' })).toBe(true);
    expect(register).not.toHaveBeenCalled();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(getOptions).toHaveBeenCalledTimes(2);
  });

  it("keeps the server's refusal of the passkey with its code", async () => {
    const { actor } = start({ server: [refusal('passkey_already_registered_error')] });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().matches({ refused: 'alreadyRegistered' })).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('passkey_already_registered_error');
    const other = start({ server: [refusal('passkey_invalid_error')] }).actor;
    other.send({ type: 'form.submit' });
    await waitFor(other, (s) => s.matches({ refused: 'invalid' }));
    expect(other.getSnapshot().context.error?.code).toBe('passkey_invalid_error');
  });
});
