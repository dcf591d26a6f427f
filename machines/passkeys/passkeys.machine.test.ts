import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { passkeysMachine } from './passkeys.machine';
import { LAPTOP, PHONE } from './passkeys.samples';
import type { Passkey, RenamePasskeyInput } from './passkeys.types';

const refusal = (code: string) => ({ failure: { code, fieldErrors: [] } });

/** The list with fake calls; adding is a stand-in child that is done at once with a new passkey. */
function start({
  webAuthn = true,
  remove = ['ok'] as unknown[],
  lists = [[LAPTOP, PHONE]] as Passkey[][],
} = {}) {
  const getPasskeys = vi.fn(async () => lists.shift() ?? []);
  const renamePasskey = vi.fn(async (input: RenamePasskeyInput) => ({ ...LAPTOP, name: input.name }));
  const removePasskey = vi.fn(async (_input: { id: number }) => {
    const answer = remove.shift();
    if (answer !== 'ok') throw answer;
  });
  const added = { ...PHONE, id: 9, name: 'Security key' };
  const actor = createActor(
    passkeysMachine.provide({
      actors: {
        getPasskeys: fromPromise(() => getPasskeys()),
        renamePasskey: fromPromise(({ input }) => renamePasskey(input)),
        removePasskey: fromPromise(({ input }) => removePasskey(input)),
        addPasskey: createMachine({
          initial: 'done',
          states: { done: { type: 'final' } },
          output: { passkey: added },
        }) as never,
      },
    }),
    { input: { webAuthn, twoFactorEnabled: false } },
  ).start();
  return { actor, getPasskeys, renamePasskey, removePasskey };
}

describe('passkeysMachine (docs/decisions/security.md: Passkeys)', () => {
  it('lists the passkeys; adding reads the list again and says which was added', async () => {
    const { actor, getPasskeys } = start({ lists: [[LAPTOP], [LAPTOP, PHONE]] });
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'add.open' });
    await waitFor(actor, (s) => s.matches('listed') && s.context.passkeys.length === 2);
    expect(getPasskeys).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.added).toBe('Security key');
  });

  it('offers no adding where the browser has no WebAuthn', async () => {
    const { actor } = start({ webAuthn: false });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(actor.getSnapshot().can({ type: 'add.open' })).toBe(false);
  });

  it('renames with the contract rule (1 to 64 characters), trimmed', async () => {
    const { actor, renamePasskey } = start();
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'rename.open', id: LAPTOP.id });
    expect(actor.getSnapshot().context.name).toBe(LAPTOP.name);
    actor.send({ type: 'field.change', field: 'name', value: '   ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'any.required' });
    actor.send({ type: 'field.change', field: 'name', value: ' Work laptop ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(renamePasskey).toHaveBeenCalledWith({ id: LAPTOP.id, name: 'Work laptop' });
    expect(actor.getSnapshot().context.passkeys.map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
  });

  it('removes after the confirmation; one already gone is dropped too; another failure is said', async () => {
    const { actor, removePasskey } = start({
      remove: [refusal('passkey_not_found_error'), refusal('unknown_server_error')],
    });
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'remove.open', id: PHONE.id });
    actor.send({ type: 'remove.cancel' });
    expect(removePasskey).not.toHaveBeenCalled();
    actor.send({ type: 'remove.open', id: PHONE.id });
    actor.send({ type: 'remove.confirm' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(actor.getSnapshot().context.passkeys).toEqual([LAPTOP]);
    actor.send({ type: 'remove.open', id: LAPTOP.id });
    actor.send({ type: 'remove.confirm' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(actor.getSnapshot().context.passkeys).toEqual([LAPTOP]);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'unknown_server_error' });
  });
});
