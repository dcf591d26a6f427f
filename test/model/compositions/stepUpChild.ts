/**
 * The step-up as the child of a guarded /me part (machines/stepUp/stepUpAround.ts): the real machine with the
 * samples of its own two models together, so one walk proves itself every way. Shared by the compositions that run it.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { stepUpCodeSamples, stepUpSamples } from '../../../machines/stepUp/stepUp.samples';
import type { ComposedChild } from '../compose';

export const stepUpChild: ComposedChild = {
  machine: stepUpMachine,
  events: {
    ...stepUpSamples.events,
    // The refusals of the proof the form asks for: a password's (two-factor turned on since the page read the
    // profile included: a code is asked instead), a code's (turned off again: the password is asked again). A
    // code's refusal never answers a password, nor the reverse: the screen would show it under no field.
    'xstate.error.actor.stepUp': (snapshot: AnyMachineSnapshot) =>
      snapshot.context.method === 'password'
        ? stepUpSamples.events['xstate.error.actor.stepUp']
        : stepUpCodeSamples.events['xstate.error.actor.stepUp'],
  },
};
