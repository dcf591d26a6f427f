/**
 * Your data to take away's vocabulary (docs/decisions/security.md: Your data to take away): what the machine keeps and
 * the events the view sends.
 */
import type { AccountExportWire } from '../../api/contract/securityActivity';
import type { Refusal } from '../form/refusal';

export type AccountExport = AccountExportWire;

export interface AccountExportMachineInput {
  /** spec 3 twoFactorEnebled: the step-up asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

export interface AccountExportContext {
  twoFactorEnabled: boolean;
  /** The last failure (spec 8), shown with a retry. */
  error: Refusal | undefined;
}

export type AccountExportEvent = { type: 'export.start' } | { type: 'retry' } | { type: 'stepUp.cancel' };
