/**
 * The step-up as the child of a guarded /me part (machines/stepUp/stepUpAround.ts): the real machine with the
 * samples of its own two models together, so one walk proves itself every way. Shared by the compositions that run it.
 */
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { stepUpCodeSamples, stepUpSamples } from '../../../machines/stepUp/stepUp.samples';
import type { ComposedChild } from '../compose';

export const stepUpChild: ComposedChild = {
  machine: stepUpMachine,
  events: {
    ...stepUpSamples.events,
    // The refusals of a password and of a code: two-factor turned on since the page read the profile (a code is
    // asked instead) and off again (the password is asked again) included.
    'xstate.error.actor.stepUp': [
      ...stepUpSamples.events['xstate.error.actor.stepUp'],
      ...stepUpCodeSamples.events['xstate.error.actor.stepUp'],
    ],
  },
};
