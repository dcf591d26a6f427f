/**
 * The account-security centre in the fake (docs/decisions/security.md: Account-security centre): step-up with the account's
 * password (or VALID_OTP with two-factor), password and e-mail changes, the sessions list, account deletion. The fake
 * sends no mail: an e-mail change's link token is `email-change-<n>` (the console says which), its undo
 * `email-undo-<n>`.
 */
import {
  ChangeEmailRequestWire,
  ChangePasswordRequestWire,
  DeleteAccountRequestWire,
  EmailChangeTokenRequestWire,
  SessionParamsWire,
  type SessionWire,
  STEP_UP_WINDOW_MS,
  StepUpRequestWire,
  VALIDATION_CODES,
} from '../../contract';
import { type FakeCall, type FakeResolvers, requireStepUp, requireUser } from '../context';
import { failField, failWithCode, failWithMessageCode, json, ok, parse } from '../reply';
import { VALID_OTP } from '../scenarios';
import { emailKey, type FakeUser } from '../store';
import { forgetDevicesOf } from './rememberedDevices';

/** The fake's own session in the list: it has no id of its own, so a fixed reference stands for it. */
const CURRENT_SESSION_ID = '00000000000000000000000000000000';

const moveUser = (call: FakeCall, user: FakeUser, email: string) => {
  const { users } = call.store.state;
  delete users[emailKey(user.email)];
  for (const device of call.store.state.security.devices) {
    if (emailKey(device.email) === emailKey(user.email)) device.email = email;
  }
  if (call.store.state.session && emailKey(call.store.state.session.email) === emailKey(user.email)) {
    call.store.state.session = { email };
  }
  user.email = email;
  users[emailKey(email)] = user;
};

const useLink = (call: FakeCall, kind: 'change' | 'undo') => {
  const { token } = parse(EmailChangeTokenRequestWire, call.body);
  const links = call.store.state.security.emailLinks;
  const link = links.find((row) => row.token === token && row.kind === kind);
  const user = link && call.store.userByEmail(link.account);
  if (!link || !user) throw failWithCode(404, 'email_change_token_invalid_error');
  call.store.state.security.emailLinks = links.filter((row) => row !== link);
  if (call.store.userByEmail(link.email)) throw failWithCode(409, 'email_already_exist_error');
  return { link, user };
};

export const securityResolvers: FakeResolvers<
  | 'stepUp'
  | 'changePassword'
  | 'changeEmail'
  | 'confirmEmailChange'
  | 'undoEmailChange'
  | 'getSessions'
  | 'endSession'
  | 'endOtherSessions'
  | 'deleteAccount'
> = {
  stepUp: (call) => {
    const user = requireUser(call);
    const body = parse(StepUpRequestWire, call.body);
    if (user.twoFactorEnabled) {
      if (!body.otp) throw failWithCode(401, 'auth_otp_code_is_required_error');
      if (body.otp !== VALID_OTP) throw failWithMessageCode(401, 'otp_unknown');
    } else {
      if (!body.pwd) throw failField('pwd', VALIDATION_CODES.required);
      if (body.pwd !== user.password) throw failWithMessageCode(401, 'credentials_unknown');
    }
    const validUntil = Date.now() + STEP_UP_WINDOW_MS;
    call.store.state.security.stepUpUntil = validUntil;
    return json({ validUntil: new Date(validUntil).toISOString() });
  },

  changePassword: (call) => {
    const user = requireUser(call);
    const { pwd } = parse(ChangePasswordRequestWire, call.body);
    requireStepUp(call);
    user.password = pwd;
    call.store.state.security.devices = call.store.state.security.devices.filter(
      (device) => emailKey(device.email) !== emailKey(user.email),
    );
    forgetDevicesOf(call.store, user.email);
    return ok();
  },

  changeEmail: (call) => {
    const user = requireUser(call);
    const { email } = parse(ChangeEmailRequestWire, call.body);
    requireStepUp(call);
    if (call.store.userByEmail(email)) throw failWithCode(409, 'email_already_exist_error');
    const token = `email-change-${call.store.newId()}`;
    call.store.state.security.emailLinks.push({
      token,
      kind: 'change',
      account: emailKey(user.email),
      email,
    });
    console.info(`[fake api] e-mail change link for ${email}: /confirm_email_change?token=${token}`);
    return ok();
  },

  confirmEmailChange: (call) => {
    const { link, user } = useLink(call, 'change');
    const old = user.email;
    moveUser(call, user, link.email);
    user.accountConfirmationPending = false;
    const token = `email-undo-${call.store.newId()}`;
    call.store.state.security.emailLinks.push({
      token,
      kind: 'undo',
      account: emailKey(link.email),
      email: old,
    });
    console.info(`[fake api] e-mail undo link for ${old}: /undo_email_change?token=${token}`);
    return json({ email: link.email });
  },

  undoEmailChange: (call) => {
    const { link, user } = useLink(call, 'undo');
    moveUser(call, user, link.email);
    call.store.state.session = null;
    // The password whoever changed the address knew is set anew (docs/decisions/security.md: Recovery review).
    const resetToken = `reset-${call.store.newId()}`;
    call.store.state.security.resetLinks = [
      ...(call.store.state.security.resetLinks ?? []),
      { token: resetToken, email: link.email },
    ];
    return json({ email: link.email, resetToken });
  },

  getSessions: (call) => {
    const user = requireUser(call);
    const now = new Date().toISOString();
    const current: SessionWire = {
      id: CURRENT_SESSION_ID,
      browser: 'This browser',
      system: 'fake',
      firstSeen: now,
      lastSeen: now,
      current: true,
    };
    const others = call.store.state.security.devices
      .filter((device) => emailKey(device.email) === emailKey(user.email))
      .map(({ email: _, ...device }) => ({ ...device, current: false }));
    return json({ sessions: [current, ...others] });
  },

  endSession: (call) => {
    const user = requireUser(call);
    const { id } = parse(SessionParamsWire, call.params);
    if (id === CURRENT_SESSION_ID) {
      call.store.state.session = null;
      return ok();
    }
    const { devices } = call.store.state.security;
    const found = devices.find(
      (device) => device.id === id && emailKey(device.email) === emailKey(user.email),
    );
    if (!found) throw failWithCode(404, 'session_not_found_error');
    requireStepUp(call);
    call.store.state.security.devices = devices.filter((device) => device !== found);
    return ok();
  },

  endOtherSessions: (call) => {
    const user = requireUser(call);
    requireStepUp(call);
    const { devices } = call.store.state.security;
    const kept = devices.filter((device) => emailKey(device.email) !== emailKey(user.email));
    call.store.state.security.devices = kept;
    forgetDevicesOf(call.store, user.email);
    return json({ ended: devices.length - kept.length });
  },

  deleteAccount: (call) => {
    const user = requireUser(call);
    const { confirmation } = parse(DeleteAccountRequestWire, call.body);
    requireStepUp(call);
    if (emailKey(confirmation) !== emailKey(user.email))
      throw failField('confirmation', VALIDATION_CODES.only);
    delete call.store.state.users[emailKey(user.email)];
    call.store.state.session = null;
    return ok();
  },
};
