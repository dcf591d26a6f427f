/**
 * Security events and the account metrics, read from the answers of the calls that make them (docs/decisions/operations.md:
 * Operating logs), except the login's outcome, which the login route reports itself (server/ops/loginOutcome.ts);
 * each event is one log line of its own (`event` field) beside
 * the request line. No address, password, token or code is in them: the route, the outcome, the request id and the
 * caller's address (masked e-mails only ever, via server/logMask.ts, and none is needed here).
 */
import type { Context } from 'hono';
import { type Logger, serverLog } from './logger';
import { loginOutcomeOf } from './loginOutcome';
import { type LoginMethod, lockoutsStarted, logins, signUps, twoFactorSetups } from './metrics';

const requestBody = async (c: Context): Promise<Record<string, unknown>> => {
  try {
    // Hono keeps the body the route parsed; nothing is read twice from the socket.
    const body = await c.req.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
};

type Recorder = (c: Context, log: Logger) => Promise<void>;

/** A sign-in's outcome, as its route reported it (server/ops/loginOutcome.ts), not worked out from the answer. */
const loginRecorder =
  (method: LoginMethod): Recorder =>
  async (c, log) => {
    const outcome = loginOutcomeOf(c);
    logins.inc({ method, outcome });
    if (outcome !== 'success' && outcome !== 'code_required')
      log.warn({ event: 'login_failed', method, outcome }, 'login failed');
  };

/** By method and route pattern: what the answer of that call counts and logs. */
const RECORDERS: Record<string, Recorder> = {
  'POST /api/login': loginRecorder('password'),
  'POST /api/login/passkey': loginRecorder('passkey'),
  'POST /api/magic_link': loginRecorder('magic_link'),
  'POST /api/forgot_password_set': async (c, log) => {
    if (c.res.ok) log.info({ event: 'password_changed', via: 'reset link' }, 'password changed');
  },
  // The signed-in change from the security centre (server/routes/meSecurity.ts): the user is known here.
  'POST /api/me/password': async (c, log) => {
    if (!c.res.ok) return;
    log.info({ event: 'password_changed', via: 'signed in', userId: c.get('user')?.id }, 'password changed');
  },
  'POST /api/me/2fa': async (c, log) => {
    if (!c.res.ok) return;
    twoFactorSetups.inc({ change: 'set_up' });
    log.info(
      { event: 'two_factor_changed', change: 'set_up', userId: c.get('user')?.id },
      'two-factor set up',
    );
  },
  'POST /api/me/2fa/recovery_codes': async (c, log) => {
    if (!c.res.ok) return;
    twoFactorSetups.inc({ change: 'recovery_codes_renewed' });
    log.info(
      { event: 'two_factor_changed', change: 'recovery_codes_renewed', userId: c.get('user')?.id },
      'recovery codes renewed',
    );
  },
  'POST /api/register': async (c) => {
    if (!c.res.ok) return;
    signUps.inc({ kind: typeof (await requestBody(c)).token === 'string' ? 'invitation' : 'curator' });
  },
  'POST /api/company/register': async (c) => {
    if (c.res.ok) signUps.inc({ kind: 'company' });
  },
  // The company-id sign-up's last step (server/routes/company.ts); the earlier steps only check.
  'POST /api/confirm/user_company_id': async (c) => {
    if (c.res.ok && (await requestBody(c)).step === 'all') signUps.inc({ kind: 'company' });
  },
};

export const hasSecurityEvents = (method: string, route: string): boolean =>
  `${method} ${route}` in RECORDERS;

/** Counts and logs what the answer to `method route` says, when that call is one that matters. */
export const recordSecurityEvents = async (c: Context, route: string, log: Logger): Promise<void> => {
  await RECORDERS[`${c.req.method} ${route}`]?.(c, log);
};

/** A lock begun (server/security/lockout.ts): counted, and a line of its own. */
export const recordLockoutStarted = (stage: 'account' | 'unknown_account'): void => {
  lockoutsStarted.inc({ stage });
  serverLog().warn({ event: 'lockout_started', stage }, 'lockout started');
};

/**
 * A passkey whose signature counter did not go forward (server/routes/passkeyLogin.ts): a copy of its key is in
 * use somewhere. The sign-in is refused; the line names the passkey's row, nothing that identifies the user.
 */
export const recordPasskeyCloneRefused = (passkeyId: number): void => {
  serverLog().warn({ event: 'passkey_clone_refused', passkeyId }, 'passkey clone refused');
};
