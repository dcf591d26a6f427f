/**
 * Remembered devices in the fake (docs/decisions/security.md: Remember this device): a code login with the box ticked
 * remembers this browser for the account, a later password login of the account skips the code, /me lists and
 * forgets them; a password change, a recovery and 'sign out everywhere' forget every one of the account.
 */
import { RememberedDeviceParamsWire, type RememberedDeviceWire } from '../../contract';
import { type FakeResolvers, requireUser } from '../context';
import { failWithCode, json, ok, parse } from '../reply';
import { emailKey, type FakeStore } from '../store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** As the server's default (server/config.ts REMEMBERED_DEVICE_TTL_MS). */
const REMEMBERED_DAYS = 30;

const devicesOf = (store: FakeStore, email: string) =>
  (store.state.security.rememberedDevices ?? []).filter(
    (device) => emailKey(device.email) === emailKey(email),
  );

/** Whether this browser is remembered for the account. */
export const rememberedHere = (store: FakeStore, email: string): boolean =>
  devicesOf(store, email).some((device) => device.current);

/** Remembers this browser for the account (a fresh reference each time, as the server's fresh token). */
export const rememberHere = (store: FakeStore, email: string): void => {
  const now = Date.now();
  const kept = (store.state.security.rememberedDevices ?? []).filter(
    (device) => !(device.current && emailKey(device.email) === emailKey(email)),
  );
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  store.state.security.rememberedDevices = [
    ...kept,
    {
      id,
      email,
      browser: 'Firefox 128',
      system: 'Linux',
      rememberedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + REMEMBERED_DAYS * DAY_MS).toISOString(),
      current: true,
    },
  ];
};

/** Every device of the account forgotten: a password change, a recovery, 'sign out everywhere'. */
export const forgetDevicesOf = (store: FakeStore, email: string): void => {
  store.state.security.rememberedDevices = (store.state.security.rememberedDevices ?? []).filter(
    (device) => emailKey(device.email) !== emailKey(email),
  );
};

export const rememberedDeviceResolvers: FakeResolvers<'getRememberedDevices' | 'forgetRememberedDevice'> = {
  getRememberedDevices: (call) => {
    const user = requireUser(call);
    const devices: RememberedDeviceWire[] = devicesOf(call.store, user.email).map(
      ({ email: _, ...device }) => device,
    );
    return json({ devices });
  },

  forgetRememberedDevice: (call) => {
    const user = requireUser(call);
    const { id } = parse(RememberedDeviceParamsWire, call.params);
    const all = call.store.state.security.rememberedDevices ?? [];
    const found = all.find((device) => device.id === id && emailKey(device.email) === emailKey(user.email));
    if (!found) throw failWithCode(404, 'remembered_device_not_found_error');
    call.store.state.security.rememberedDevices = all.filter((device) => device !== found);
    return ok();
  },
};
