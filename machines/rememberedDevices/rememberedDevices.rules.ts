import type { ErrorCode } from '../../api/contract/errorCodes';
import type { RememberedDevice } from '../../api/contract/security';

/** The list without the row `id` (forgotten here, or already gone on the server). */
export const withoutDevice = (
  devices: readonly RememberedDevice[],
  id: string | undefined,
): RememberedDevice[] => devices.filter((device) => device.id !== id);

/** spec 8: the device is no longer there (forgotten in another tab, expired, ended by a password change). */
export const GONE_CODE: ErrorCode = 'remembered_device_not_found_error';
