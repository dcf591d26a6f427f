/**
 * The password change asking for a step-up: the changePassword machine with the real step-up machine in its `stepUp`
 * slot, as containers/me/stepUpProof.ts provides it (test/model/README.md: Paths across machines).
 */
import { describe, expect, it } from 'vitest';
import { changePasswordMachine } from '../../../machines/changePassword/changePassword.machine';
import { changePasswordSamples } from '../../../machines/changePassword/changePassword.samples';
import { VALID_UNTIL } from '../../../machines/stepUp/stepUp.samples';
import { composedModel, runComposedOnMachine, testComposedModel } from '..';
import { changePasswordScreen } from '../screens/changePassword';
import { stepUpScreen } from '../screens/stepUp';
import { stepUpChild } from './stepUpChild';

const model = composedModel(changePasswordMachine, {
  name: 'changePassword+stepUp',
  input: changePasswordSamples.input,
  events: changePasswordSamples.events,
  children: { stepUp: stepUpChild },
});

// The password part as /me renders it, with the real 'Confirm it's you' (a level-4 heading) while stepping up.
testComposedModel(model, {
  screen: { ...changePasswordScreen, children: { stepUp: stepUpScreen(5) } },
});

describe('across the machines', () => {
  it('the change asks for the proof, the password proves it and the same new password is saved', async () => {
    const refusal = changePasswordSamples.events['xstate.error.actor.changePassword'][0];
    const path = model.pathThrough([
      { type: 'panel.open' },
      { type: 'field.change', field: 'newPassword', value: 'correct horse battery' },
      { type: 'field.change', field: 'confirmation', value: 'correct horse battery' },
      { type: 'form.submit' },
      { type: 'xstate.error.actor.changePassword', ...refusal },
      // The step-up child's own form, then its call's answer: its output takes the parent on.
      { type: 'xstate.done.actor.hasPasskey', output: false, to: 'stepUp' },
      { type: 'field.change', field: 'password', value: 'correct horse', to: 'stepUp' },
      { type: 'form.submit', to: 'stepUp' },
      { type: 'xstate.done.actor.stepUp', output: { validUntil: VALID_UNTIL }, to: 'stepUp' },
      { type: 'xstate.done.actor.changePassword', output: undefined },
    ]);
    const { actor, calls } = await runComposedOnMachine(model, path);
    expect(calls.parent?.filter((call) => call.src === 'changePassword').map((call) => call.input)).toEqual([
      { newPassword: 'correct horse battery' },
      { newPassword: 'correct horse battery' },
    ]);
    // The step-up's input came from the parent's invoke: no two-factor, so the proof is the password.
    expect(calls.stepUp?.find((call) => call.src === 'stepUp')?.input).toEqual({ password: 'correct horse' });
    expect(actor.getSnapshot().value).toBe('done');
  });
});
