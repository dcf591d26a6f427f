/**
 * Authentication calls of the fake (spec 7): login with its second factors, logout, forgot password, reset token,
 * new password, magic link, two-factor setup and recovery codes. Which input reaches which error of spec 8 is
 * listed in scenarios.ts.
 */
import {
  EnableTwoFactorRequestWire,
  ForgotPasswordRequestWire,
  LoginRequestWire,
  MagicLinkRequestWire,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  RegenerateRecoveryCodesRequestWire,
  ResetTokenQueryWire,
  SetNewPasswordRequestWire,
  STEP_UP_WINDOW_MS,
  type TwoFactorSetup,
  toLoginAnswerWire,
  toRecoveryCodeCountAnswerWire,
  toRecoveryCodesAnswerWire,
  toTwoFactorSetupWire,
  VALIDATION_CODES,
} from '../../contract';
import { type FakeCall, type FakeResolvers, requireStepUp, requireUser } from '../context';
import {
  failField,
  failForbiddenNotFound,
  failWithCode,
  failWithMessageCode,
  json,
  ok,
  parse,
} from '../reply';
import { ACCOUNTS, TOKENS, TWO_FACTOR_OTP_URL, TWO_FACTOR_SECRET, VALID_OTP } from '../scenarios';
import type { FakeRecoveryCode, FakeStore, FakeUser } from '../store';
import { TWO_FACTOR_DATA_URL } from '../twoFactorImage';
import { issueReviewToken } from './recovery';
import { forgetDevicesOf, rememberedHere, rememberHere } from './rememberedDevices';
import { recordFakeSignIn } from './securityActivity';

/** spec 3 twoFactorSetupPayload: the same sample secret for everybody (only VALID_OTP is accepted anyway). */
export const twoFactorSetupPayload = (): TwoFactorSetup => ({
  secret: TWO_FACTOR_SECRET,
  otpURL: TWO_FACTOR_OTP_URL,
  dataURL: TWO_FACTOR_DATA_URL,
});

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomRecoveryCode = (): string =>
  Array.from(
    crypto.getRandomValues(new Uint32Array(RECOVERY_CODE_LENGTH)),
    (n) => RECOVERY_ALPHABET[n % RECOVERY_ALPHABET.length],
  ).join('');
const freshRecoveryCodes = (): FakeRecoveryCode[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => ({ code: randomRecoveryCode(), used: false }));

export const turnTwoFactorOn = (user: FakeUser): string[] => {
  user.twoFactorEnabled = true;
  user.twoFactorSetupStarted = false;
  user.recoveryCodes = freshRecoveryCodes();
  return user.recoveryCodes.map((entry) => entry.code);
};

/** spec 2 Login, two-factor on: a one-time code, or a recovery code that works once. */
const checkSecondFactor = (user: FakeUser, otp: string | undefined, recoveryOtp: string | undefined) => {
  if (recoveryOtp) {
    const entry = user.recoveryCodes.find((candidate) => candidate.code === recoveryOtp.toUpperCase());
    if (!entry) throw failWithMessageCode(400, 'recovery_code_unknown');
    if (entry.used) throw failWithMessageCode(400, 'recovery_code_used');
    entry.used = true;
    return;
  }
  // spec 5: "'any.required' on otp means code required" - answered the way a Joi server does.
  if (!otp) throw failField('otp', VALIDATION_CODES.required);
  if (otp !== VALID_OTP) throw failWithMessageCode(400, 'otp_unknown');
};

/**
 * spec 2: the organisation enforces two-factor, not set up yet: the setup payload first, then the code; a right
 * code turns two-factor on and, like the reference server, answers the new recovery codes.
 */
const checkEnforcedSetup = (user: FakeUser, otp: string | undefined): string[] => {
  if (!otp) {
    throw failWithCode(403, 'two_factor_auth_is_not_setup_error', {
      twoFactorVerify: toTwoFactorSetupWire(twoFactorSetupPayload()),
    });
  }
  if (otp !== VALID_OTP) throw failWithMessageCode(400, 'otp_unknown');
  return turnTwoFactorOn(user);
};

const logIn = (store: FakeStore, user: FakeUser, recoveryCodes?: string[]) => {
  store.state.session = { email: user.email };
  recordFakeSignIn(store, user.email, recoveryCodes ? 'password_code' : 'password');
  // As on the server, a password login counts as a step-up (docs/decisions/security.md: Step-up).
  store.state.security.stepUpUntil = Date.now() + STEP_UP_WINDOW_MS;
  return json({ ...toLoginAnswerWire({ redirectUrl: null }), ...(recoveryCodes ? { recoveryCodes } : {}) });
};

/** GET and POST /api/forgot_password_set: 'valid-token' works, 'not-found-token' is Forbidden 'not found'. */
const resetUserOf = (call: FakeCall): FakeUser => {
  const { token } = parse(ResetTokenQueryWire, call.query);
  if (token === TOKENS.resetForbidden) throw failForbiddenNotFound();
  const linked = call.store.state.security.resetLinks?.find((row) => row.token === token);
  const account = token === TOKENS.reset ? ACCOUNTS.reset : linked?.email;
  const user = account ? call.store.userByEmail(account) : undefined;
  if (!user) throw failWithCode(400, 'forgot_password_token_invalid_error');
  return user;
};

export const authResolvers: FakeResolvers<
  | 'login'
  | 'logout'
  | 'forgotPassword'
  | 'checkResetToken'
  | 'setNewPassword'
  | 'exchangeMagicLink'
  | 'getTwoFactorSecret'
  | 'enableTwoFactor'
  | 'getRecoveryCodeCount'
  | 'regenerateRecoveryCodes'
> = {
  login: ({ body, store }) => {
    const wire = parse(LoginRequestWire, body);
    const user = store.userByEmail(wire.email);
    if (user?.locked) throw failWithCode(423, 'account_locked_error');
    if (!user || user.password !== wire.pwd) throw failWithMessageCode(401, 'credentials_unknown');
    if (user.twoFactorEnabled) {
      // A device this browser holds for the account skips the code (docs/decisions/security.md: Remember this device).
      if (rememberedHere(store, user.email)) return logIn(store, user);
      checkSecondFactor(user, wire.otp, wire.recoveryOtp);
      if (wire.rememberDevice === true) rememberHere(store, user.email);
    } else if (user.twoFactorEnforced) return logIn(store, user, checkEnforcedSetup(user, wire.otp));
    return logIn(store, user);
  },

  logout: ({ store }) => {
    store.state.session = null;
    return ok();
  },

  forgotPassword: ({ body, store }) => {
    const wire = parse(ForgotPasswordRequestWire, body);
    if (!store.userByEmail(wire.email)) throw failWithCode(404, 'email_not_found_error');
    // The fake sends no mail: the reset link is /forgot_password_set?token=valid-token, the magic link
    // /me?magicLinkToken=magic-token (README, scenario accounts).
    return ok();
  },

  checkResetToken: (call) => {
    resetUserOf(call);
    return ok();
  },

  setNewPassword: (call) => {
    const user = resetUserOf(call);
    user.password = parse(SetNewPasswordRequestWire, call.body).pwd;
    forgetDevicesOf(call.store, user.email);
    // A recovery (docs/decisions/security.md: Recovery review): the browser reviews the ways into the account next.
    return json({ ok: true, reviewToken: issueReviewToken(call.store, user) });
  },

  exchangeMagicLink: ({ body, store }) => {
    const { token } = parse(MagicLinkRequestWire, body);
    const user = token === TOKENS.magicLink ? store.userByEmail(ACCOUNTS.user) : undefined;
    if (!user) throw failWithCode(400, 'magic_link_invalid_error');
    return logIn(store, user);
  },

  getTwoFactorSecret: (call) => {
    const user = requireUser(call);
    user.twoFactorSetupStarted = true;
    return json(toTwoFactorSetupWire(twoFactorSetupPayload()));
  },

  enableTwoFactor: (call) => {
    const user = requireUser(call);
    const { otp } = parse(EnableTwoFactorRequestWire, call.body);
    requireStepUp(call);
    // spec 8: any refusal but a wrong code reads "your organizations don't enabled the two factor auth".
    if (!user.twoFactorSetupStarted) throw failWithCode(409, 'two_factor_setup_not_enabled_error');
    // spec 8: code 'invalid' shows 'Invalid otp code'.
    if (otp !== VALID_OTP) throw failWithCode(400, 'invalid');
    return json(toRecoveryCodesAnswerWire({ recoveryCodes: turnTwoFactorOn(user) }));
  },

  getRecoveryCodeCount: (call) => {
    const user = requireUser(call);
    // Like the server: no codes count without two-factor.
    const remaining = user.twoFactorEnabled ? user.recoveryCodes.filter((entry) => !entry.used).length : 0;
    return json(toRecoveryCodeCountAnswerWire({ remaining }));
  },

  regenerateRecoveryCodes: (call) => {
    const user = requireUser(call);
    const { otp } = parse(RegenerateRecoveryCodesRequestWire, call.body);
    if (!user.twoFactorEnabled) throw failWithCode(409, 'two_factor_setup_not_enabled_error');
    // Like the server: a current one-time code, else unknown_auth_otp_code_error (401).
    if (otp !== VALID_OTP) throw failWithCode(401, 'unknown_auth_otp_code_error');
    user.recoveryCodes = freshRecoveryCodes();
    return json(toRecoveryCodesAnswerWire({ recoveryCodes: user.recoveryCodes.map((entry) => entry.code) }));
  },
};
