import { askBrowserForStepUp, hasPasskeyForStepUp, passkeyStepUp, stepUp } from '../../api/actors';
import { stepUpMachine } from '../../machines/stepUp/stepUp.machine';

/**
 * The step-up child with its calls (docs/decisions/security.md: Step-up, Step-up by passkey): what every /me part whose
 * change the server guards provides as its `stepUp` slot (machines/stepUp/stepUpAround.ts).
 */
export const stepUpWithCalls = () =>
  stepUpMachine.provide({
    actors: {
      stepUp,
      hasPasskey: hasPasskeyForStepUp,
      askPasskey: askBrowserForStepUp,
      verifyPasskey: passkeyStepUp,
    },
  });
