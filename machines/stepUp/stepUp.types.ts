import type { StepUpInput } from '../../api/contract/security';
import type { FieldErrors, Refusal } from '../form/refusal';

/** The password, or for an account with two-factor a current one-time code (docs/decisions.md: Step-up). */
export type StepUpMethod = 'password' | 'otpCode';
export type StepUpField = StepUpMethod;

export interface StepUpMachineInput {
  /** spec 3 twoFactorEnebled of the profile: the account proves itself with a one-time code. */
  twoFactorEnabled: boolean;
}

export interface StepUpContext {
  method: StepUpMethod;
  password: string;
  /** As typed, cleaned of spaces and dashes (docs/decisions.md: One-time and recovery codes). */
  otpCode: string;
  fieldErrors: FieldErrors<StepUpField>;
  error: Refusal | undefined;
  /** What the accepted proof answered: until when changes go through without asking again. */
  validUntil: string | undefined;
}

/** What the step-up hands its parent when the proof is accepted: until when changes go through. */
export interface StepUpOutput {
  validUntil: string;
}

export type StepUpEvent =
  | { type: 'field.change'; field: StepUpField; value: string }
  | { type: 'form.submit' };

export type { StepUpInput };
