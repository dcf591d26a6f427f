/**
 * The remembered devices list's vocabulary (docs/decisions/security.md: Remember this device): what the machine keeps
 * and the events the view sends.
 */
import type { ForgetDeviceInput, RememberedDevice } from '../../api/contract/security';
import type { Refusal } from '../form/refusal';

export type { ForgetDeviceInput, RememberedDevice };

export interface RememberedDevicesContext {
  /** The browsers that skip the one-time code at login, this one among them when it is (`current`). */
  devices: RememberedDevice[];
  /** The row being forgotten (its reference, never the device's token). */
  forgetting: string | undefined;
  /** The last failure (spec 8), shown with a retry. */
  error: Refusal | undefined;
}

export type RememberedDevicesEvent =
  | { type: 'device.forget'; id: string }
  | { type: 'retry' }
  | { type: 'dismiss' };
