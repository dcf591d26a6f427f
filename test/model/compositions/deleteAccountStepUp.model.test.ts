/**
 * The account deletion asking for a step-up: the deleteAccount machine with the real step-up machine in its `stepUp`
 * slot, as containers/me/stepUpProof.ts provides it (test/model/README.md: Paths across machines).
 */
import { describe, expect, it, vi } from 'vitest';
import { deleteAccountMachine } from '../../../machines/deleteAccount/deleteAccount.machine';
import { deleteAccountSamples } from '../../../machines/deleteAccount/deleteAccount.samples';
import { VALID_UNTIL } from '../../../machines/stepUp/stepUp.samples';
import { composedModel, runComposedOnMachine, testComposedModel } from '..';
import { deleteAccountScreen } from '../screens/deleteAccount';
import { stepUpScreen } from '../screens/stepUp';
import { stepUpChild } from './stepUpChild';

const accountDeleted = vi.fn();
const model = composedModel(deleteAccountMachine, {
  name: 'deleteAccount+stepUp',
  // An account with two-factor: the step-up asks for a one-time code.
  input: { ...deleteAccountSamples.input, twoFactorEnabled: true },
  events: deleteAccountSamples.events,
  implementations: { actions: { accountDeleted: () => accountDeleted() } },
  children: { stepUp: stepUpChild },
});

// The deletion part as /me renders it, with the real 'Confirm it's you' (a level-4 heading) while stepping up.
testComposedModel(model, {
  screen: { ...deleteAccountScreen(accountDeleted), children: { stepUp: stepUpScreen(5) } },
});

describe('across the machines', () => {
  it('the deletion asks for the proof, a one-time code proves it and the same request deletes the account', async () => {
    const refusal = deleteAccountSamples.events['xstate.error.actor.deleteAccount'][0];
    const path = model.pathThrough([
      { type: 'panel.open' },
      { type: 'field.change', field: 'confirmation', value: 'Ada@Example.com' },
      { type: 'form.submit' },
      { type: 'xstate.error.actor.deleteAccount', ...refusal },
      { type: 'xstate.done.actor.hasPasskey', output: false, to: 'stepUp' },
      { type: 'field.change', field: 'otpCode', value: '123456', to: 'stepUp' },
      { type: 'form.submit', to: 'stepUp' },
      { type: 'xstate.done.actor.stepUp', output: { validUntil: VALID_UNTIL }, to: 'stepUp' },
      { type: 'xstate.done.actor.deleteAccount', output: undefined },
    ]);
    const { actor, calls } = await runComposedOnMachine(model, path);
    const deletions = calls.parent?.filter((call) => call.src === 'deleteAccount') ?? [];
    expect(deletions).toHaveLength(2);
    expect(deletions[1]?.input).toEqual(deletions[0]?.input);
    // The step-up's input came from the parent's invoke: the account has two-factor, so the proof is a code.
    expect(calls.stepUp?.find((call) => call.src === 'stepUp')?.input).toEqual({ otpCode: '123456' });
    expect(actor.getSnapshot().value).toBe('deleted');
  });
});
