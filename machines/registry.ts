import type { AnyStateMachine } from 'xstate';
import { languageMachine } from './language/language.machine';
import { loginMachine } from './login/login.machine';
import { requestMachine } from './request/request.machine';
import { twoFactorSetupMachine } from './twoFactorSetup/twoFactorSetup.machine';

/**
 * Every production machine, by name. `npm run diagrams` draws each one into docs/flows/<name>.md and
 * `npm run test:model` fails when one of them has no model test (test/model). A new flow adds itself here.
 */
export const machines = {
  request: requestMachine,
  language: languageMachine,
  twoFactorSetup: twoFactorSetupMachine,
  login: loginMachine,
} satisfies Record<string, AnyStateMachine>;

export type MachineName = keyof typeof machines;
