/**
 * Time-based one-time codes, RFC 6238 through otpauth: SHA-1, 6 digits, 30 s steps, accepted one step either
 * side, and each step at most once per user (the caller stores the step it accepted; see acceptTotp in
 * twoFactor.ts).
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { OTP_LENGTH } from '../../api/contract/limits';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of the current one (clock skew between phone and server). */
export const TOTP_WINDOW = 1;
/**
 * How far we look (in steps, either side) to tell a user that their device clock is off (docs/decisions/product.md: Error codes we added). A code
 * found there is still refused; only the drift is reported.
 */
export const DRIFT_PROBE_WINDOW = 10;

const totpFor = (secret: string, issuer: string, label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: OTP_LENGTH,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random base32 secret (160 bits, the RFC 4226 recommendation). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code an authenticator shows at a moment (tests, demo). */
export const totpCode = (secret: string, at: Date): string =>
  totpFor(secret, 'x').generate({ timestamp: at.getTime() });

export type TotpCheck = { ok: true; step: number } | { ok: false; driftMinutes?: number };

/**
 * Checks a code at a moment: the matching step, or a failure that says how many minutes the device seems to be
 * off (+ ahead, - behind) when the code belongs to a step outside the window but within DRIFT_PROBE_WINDOW
 * (details for the user, never a pass).
 */
export const checkTotp = (secret: string, code: string, at: Date): TotpCheck => {
  const totp = totpFor(secret, 'x');
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta !== null) return { ok: true, step: stepAt(at) + delta };
  const far = totp.validate({ token: code, timestamp: at.getTime(), window: DRIFT_PROBE_WINDOW });
  if (far === null) return { ok: false };
  // Whole minutes, + when the device is ahead; rounded away from the sign so -1.5 and 1.5 both say 2.
  const minutes = Math.round(Math.abs(far * TOTP_PERIOD_SECONDS) / 60);
  return { ok: false, driftMinutes: Math.sign(far) * minutes };
};

/** spec 3 twoFactorSetupPayload: the secret, the otpauth:// URL and that URL as a QR code PNG data URL. */
export const setupPayload = async (
  secret: string,
  issuer: string,
  accountName: string,
): Promise<{ secret: string; otpURL: string; dataURL: string }> => {
  const otpURL = totpFor(secret, issuer, accountName).toString();
  const dataURL = await QRCode.toDataURL(otpURL, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpURL, dataURL };
};
