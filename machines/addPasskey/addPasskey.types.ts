/** The add-a-passkey flow's vocabulary (docs/decisions/security.md: Passkeys): its field, events, input and output. */
import type {
  AddPasskeyInput,
  Passkey,
  PasskeyCreationOptionsWire,
  PasskeyRegistrationResponseWire,
} from '../../api/contract/passkeys';
import type { PasskeyRefusal } from '../form/ceremonyRefusal';
import type { FieldErrors, Refusal } from '../form/refusal';

export type AddPasskeyField = 'name';

export interface AddPasskeyMachineInput {
  /** spec 3 twoFactorEnebled: the step-up asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

export interface AddPasskeyContext {
  twoFactorEnabled: boolean;
  /** The name the user gives, as typed; empty: the server names it after the browser and system. */
  name: string;
  /** The server's options for the browser's ceremony (they carry the challenge). */
  options: PasskeyCreationOptionsWire | undefined;
  /** What the browser made, until the server has it. */
  credential: PasskeyRegistrationResponseWire | undefined;
  /** Why the last try ended without a passkey. */
  refusal: PasskeyRefusal | undefined;
  fieldErrors: FieldErrors<AddPasskeyField>;
  /** The server's refusal (spec 8 code), when it refused. */
  error: Refusal | undefined;
  /** The passkey the server added. */
  added: Passkey | undefined;
}

/** What the flow hands its parent when the passkey is added: the passkey as listed. */
export interface AddPasskeyOutput {
  passkey: Passkey | undefined;
}

export type AddPasskeyEvent =
  | { type: 'field.change'; field: AddPasskeyField; value: string }
  | { type: 'form.submit' }
  /** The step-up form's Cancel: back to the form, nothing sent. */
  | { type: 'stepUp.cancel' };

export type { AddPasskeyInput, PasskeyCreationOptionsWire, PasskeyRegistrationResponseWire };
