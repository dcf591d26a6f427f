import type { PasskeyAuthenticationResponseWire } from '../../api/contract/passkeys';
import type { StepUpInput } from '../../api/contract/security';
import type { FieldErrors, Refusal } from '../form/refusal';

/** The password, or for an account with two-factor a current one-time code (docs/decisions/security.md: Step-up). */
export type StepUpMethod = 'password' | 'otpCode';
export type StepUpField = StepUpMethod;

export interface StepUpMachineInput {
  /** spec 3 twoFactorEnebled of the profile: the account proves itself with a one-time code. */
  twoFactorEnabled: boolean;
}

export interface StepUpContext {
  method: StepUpMethod;
  password: string;
  /** As typed, cleaned of spaces and dashes (docs/decisions/security.md: One-time and recovery codes). */
  otpCode: string;
  fieldErrors: FieldErrors<StepUpField>;
  error: Refusal | undefined;
  /** 'Use a passkey' is offered: this browser has WebAuthn and the user has a passkey (their list says so). */
  passkeyOffered: boolean;
  /** The browser's answer to the step-up's challenge, kept only until the server has checked it. */
  credential: PasskeyAuthenticationResponseWire | undefined;
  /** Why the passkey did not prove it: the dialog was closed or ran out of time, or the passkey was refused. */
  passkeyRefusal: 'cancelled' | 'invalid' | undefined;
  /** What the accepted proof answered: until when changes go through without asking again. */
  validUntil: string | undefined;
}

/** What the step-up hands its parent when the proof is accepted: until when changes go through. */
export interface StepUpOutput {
  validUntil: string;
}

export type StepUpEvent =
  | { type: 'field.change'; field: StepUpField; value: string }
  | { type: 'form.submit' }
  /** 'Use a passkey': the browser's passkey dialog instead of the typed proof. */
  | { type: 'passkey.use' };

export type { PasskeyAuthenticationResponseWire };

export type { StepUpInput };
