/**
 * The passkeys list's vocabulary (docs/decisions/security.md: Passkeys): what the machine keeps of the user's passkeys, the
 * rename form, and the events the view sends.
 */
import type { Passkey, RenamePasskeyInput } from '../../api/contract/passkeys';
import type { FieldErrors, Refusal } from '../form/refusal';

export type { Passkey, RenamePasskeyInput };
export type PasskeysField = 'name';

export interface PasskeysMachineInput {
  /** Whether this browser has WebAuthn (api/passkeyCeremony.ts hasWebAuthn): without it, nothing can be added. */
  webAuthn: boolean;
  /** spec 3 twoFactorEnebled: the step-up of adding asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

export interface PasskeysContext {
  webAuthn: boolean;
  twoFactorEnabled: boolean;
  passkeys: Passkey[];
  /** The passkey being renamed or removed. */
  chosen: number | undefined;
  /** The new name, as typed. */
  name: string;
  fieldErrors: FieldErrors<PasskeysField>;
  /** The server's refusal of a rename (spec 8), under the name or the form. */
  error: Refusal | undefined;
  /** The last failure of loading or removing (spec 8), said with a retry or over the list. */
  failure: Refusal | undefined;
  /** The name of the passkey just added, said over the list until the next step. */
  added: string | undefined;
}

export type PasskeysEvent =
  | { type: 'add.open' }
  | { type: 'add.close' }
  | { type: 'rename.open'; id: number }
  | { type: 'rename.cancel' }
  | { type: 'field.change'; field: PasskeysField; value: string }
  | { type: 'form.submit' }
  | { type: 'remove.open'; id: number }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'retry' };
