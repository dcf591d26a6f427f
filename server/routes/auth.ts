/**
 * POST /api/login (spec 4 Login, spec 7), POST /api/logout, POST /api/magic_link (docs/decisions/product.md: Paths the spec does not show).
 *
 * Login order: the calling address's lock on this e-mail, the account's lock, password, then the second factor: an
 * enabled user needs a one-time code or a recovery code; a member of an enforcing organisation without two-factor
 * gets the setup payload, and the same call with a right code turns two-factor on. Failed passwords and codes
 * count towards both stages of the lockout (docs/decisions/security.md: Lockout).
 */
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { LoginRequestWire, MagicLinkRequestWire, toLoginAnswerWire } from '../../api/contract/auth';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import { type Database, hasOneConnection } from '../db/client';
import { users } from '../db/schema';
import type { AppDeps, AppEnv, UserRow } from '../deps';
import { clientIp } from '../http/clientIp';
import { type ApiProblem, type CodeExtras, fail } from '../http/problem';
import { readJson } from '../http/validate';
import { requestLocale } from '../mail/locale';
import { noticeSignInBrowser, noticeTwoFactorEnabled } from '../mail/securityNotice';
import { type LoginOutcome, refusedAs, reportLoginOutcome } from '../ops/loginOutcome';
import { type RateLimiter, rateLimit, rateLimited } from '../rateLimit';
import { type Caller, sweepLockoutKeysNowAndThen } from '../security/addressLockout';
import {
  countedCheck,
  countLoginFailure,
  type LoginUser,
  lockIfSpent,
  lockUnknownIfSpent,
  reserveLoginCheck,
} from '../security/lockout';
import { finishPasswordLogin } from '../security/loginFinish';
import { oneAtATime } from '../security/oneAtATime';
import { burnPasswordCheck, verifyPassword } from '../security/passwords';
import { spendRecoveryCode } from '../security/recoveryCodes';
import { deviceRemembered, rememberDevice, rememberingForbidden } from '../security/rememberedDevices';
import { recordSecurityChange } from '../security/securityActivity';
import type { SignInBrowser } from '../security/seenBrowsers';
import { keyRingOf } from '../security/serverKey';
import { completeSetup, pendingSecret, setupPayloadFor, verifyTotpOnce } from '../security/twoFactor';
import { endSession, startSession, userAgentOf } from '../sessions';
import { consumeToken } from '../tokens';
import { requiresTwoFactor } from '../users';

/** What a successful login answers besides redirectUrl: the recovery codes when this login set two-factor up. */
interface SecondFactorAnswer {
  recoveryCodes?: string[];
}

/** Who calls: the address and e-mail the lockout counts, and the browser a setup at this login is recorded with. */
type LoginCaller = Caller & { userAgent: string | null };

/** How the password login's transaction ended (the answer is given once it committed). */
type PasswordVerdict =
  | { kind: 'rate limited'; retryAfter: number }
  | { kind: 'locked' }
  | { kind: 'wrong'; locked: boolean }
  | { kind: 'stale' }
  | { kind: 'second factor'; user: LoginUser; twoFactorRequired: boolean }
  | { kind: 'signed in'; user: LoginUser; browser: SignInBrowser; done: () => void };

/** Runs a part of the password login in a transaction: the login's one (Postgres) or one of its own (PGlite). */
type InTransaction = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

/**
 * The rows a password check locks on Postgres are all its e-mail's (the account's; the address's row is keyed by the
 * e-mail and the address), so on PGlite the checks of one e-mail, as the login compares it, wait for each other.
 */
const loginKeyOf = (email: string) => email.trim().toLowerCase();

/** A refusal with the outcome it reports (server/ops/loginOutcome.ts). */
type Refuse = (outcome: LoginOutcome, problem: ApiProblem) => ApiProblem;

/** Counts a login call on its own (rateLimit.ts hit) and refuses it past the limit. */
const refuseOverLimit = async (limiter: RateLimiter, ip: string): Promise<void> => {
  const retryAfter = await limiter.hit('login', ip);
  if (retryAfter !== null) throw rateLimited(retryAfter);
};

export const loginService = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  /** On PGlite, the password checks of one e-mail, one at a time (logIn). */
  const oneLoginAtATime = oneAtATime();

  /**
   * One password or code check, counted before it runs (docs/decisions/security.md: Lockout): refused with
   * account_locked_error when the calling address or the account is locked or its hour's checks are spent; a check
   * that passes gives its counts back; one that fails stays counted and answers account_locked_error when it spent
   * the last check.
   */
  const counted = async <T>(
    user: Pick<UserRow, 'id'>,
    caller: Caller,
    refuse: Refuse,
    run: () => Promise<T>,
    passed: (result: T) => boolean,
  ) => {
    const result = await countedCheck(db, user.id, () => clock.now(), config.lockout, run, passed, caller);
    if (result === 'locked') throw refuse('locked', fail('account_locked_error'));
    return result;
  };

  /**
   * A refused one-time code: auth_otp_clock_drift_error with the minutes when the code fits a skewed device clock
   * (docs/decisions/product.md: Error codes we added), else unknown_auth_otp_code_error.
   */
  const codeRefusal = (refuse: Refuse, check: { driftMinutes?: number }, extras: CodeExtras = {}) =>
    refuse(
      'wrong_code',
      check.driftMinutes
        ? fail('auth_otp_clock_drift_error', { ...extras, details: { minutes: check.driftMinutes } })
        : fail('unknown_auth_otp_code_error', extras),
    );

  const secondFactor = async (
    user: LoginUser,
    caller: LoginCaller,
    body: LoginRequestWire,
    twoFactorRequired: boolean,
    refuse: Refuse,
  ): Promise<SecondFactorAnswer> => {
    const now = clock.now();
    if (user.twoFactorEnabled) {
      if (body.recoveryOtp) {
        const code = body.recoveryOtp;
        const use = await counted(
          user,
          caller,
          refuse,
          () => spendRecoveryCode(db, keyRingOf(config), user.id, code, now),
          (result) => result === 'accepted',
        );
        if (use === 'used') throw refuse('wrong_code', fail('used_auth_recovery_otp_code_error'));
        if (use === 'unknown') throw refuse('wrong_code', fail('unknown_auth_recovery_otp_code_error'));
        return {};
      }
      const otp = body.otp;
      if (!otp) throw refuse('code_required', fail('auth_otp_code_is_required_error'));
      const check = await counted(
        user,
        caller,
        refuse,
        () => verifyTotpOnce(db, keyRingOf(config), user, otp, now),
        (result) => result.ok,
      );
      if (!check.ok) throw codeRefusal(refuse, check);
      return {};
    }
    if (!twoFactorRequired) return {};

    const pending = await pendingSecret(db, keyRingOf(config), user, false);
    const twoFactorVerify = await setupPayloadFor(user, pending.secret, config.totpIssuer);
    const otp = body.otp;
    if (!otp) throw refuse('code_required', fail('two_factor_auth_is_not_setup_error', { twoFactorVerify }));
    const setup = await counted(
      user,
      caller,
      refuse,
      // No session has begun yet: it starts once the login succeeds.
      () =>
        completeSetup(
          db,
          keyRingOf(config),
          user,
          otp,
          now,
          { session: null, userAgent: caller.userAgent },
          pending,
        ),
      (result) => result?.ok === true,
    );
    if (!setup?.ok) throw codeRefusal(refuse, setup ?? {}, { twoFactorVerify });
    return { recoveryCodes: setup.recoveryCodes };
  };

  /**
   * The login itself, for the JSON call and the login page's own form post alike (server/routes/formPosts.ts): the
   * same rate limit, schema, lockout and second factor; `readBody` reads the request's body into the wire shape.
   * Resolves with the answer of a started session; throws the ApiProblem of a refusal.
   */
  const logIn = async (c: Context<AppEnv>, readBody: () => Promise<LoginRequestWire>) => {
    const ip = clientIp(c, config.trustProxy);
    // The rate limit: counted in the login's first statement when it is counted in the database (one round
    // trip fewer), else first, as for every other limited call; a body that never reaches that statement is
    // counted on its own, so every call is counted once and answered 429 past the limit, as before.
    const limit = deps.rateLimiter.inStatement('login', ip);
    if (!limit) await refuseOverLimit(deps.rateLimiter, ip);
    const body = await readBody().catch(async (problem: unknown) => {
      if (limit) await refuseOverLimit(deps.rateLimiter, ip);
      throw problem;
    });
    // Each answer below says how the login ended (server/ops/loginOutcome.ts): metrics and logs count that.
    const refuse: Refuse = (outcome, problem) => refusedAs(c, outcome, problem);
    const wrongPassword = (locked: boolean) =>
      locked
        ? refuse('locked', fail('account_locked_error'))
        : refuse('wrong_credentials', fail('unknown_credential_error'));
    const caller: LoginCaller = { email: body.email, address: ip, userAgent: userAgentOf(c) };
    // The password check (docs/decisions/operations.md: Login statements): its first statement holds the rows that
    // count it (the calling address's and the account's, lockout.ts reserveLoginCheck), a failure is counted before
    // they are let go, a success without a second factor starts its session. Known and unknown e-mails take the same
    // steps to the same answers (docs/decisions/security.md: Lockout): the statement, a hash, the count and the lock
    // check. Neither status, body nor time tells which e-mails have accounts. `first` runs the check, `then` what
    // follows the hash: on Postgres both in ONE transaction (the rows stay locked across the hash); on PGlite each in
    // a transaction of its own, with the hash between them holding no connection (one connection is the whole
    // database there), and the logins of one e-mail one at a time in this process instead of the rows' locks.
    const checkPassword = async (first: InTransaction, then: InTransaction): Promise<PasswordVerdict> => {
      const check = await first((tx) =>
        reserveLoginCheck(tx, db, caller, clock.now(), config.lockout, limit),
      );
      if (check.retryAfter !== null) return { kind: 'rate limited', retryAfter: check.retryAfter };
      const { address, user } = check;
      if (address === null || !check.reserved) return { kind: 'locked' };
      const lastOfAddress = address.failures + 1 >= config.lockout.maxFailuresPerAddress;
      if (!user) {
        await burnPasswordCheck(body.pwd);
        return then(async (tx) => {
          await countLoginFailure(tx, db, address, null, clock.now(), config.lockout);
          const locked = await lockUnknownIfSpent(tx, body.email, clock.now(), config.lockout);
          return { kind: 'wrong', locked: locked || lastOfAddress };
        });
      }
      if (!(await verifyPassword(user.passwordHash, body.pwd))) {
        return then(async (tx) => {
          await countLoginFailure(tx, db, address, user.id, clock.now(), config.lockout);
          const locked = await lockIfSpent(tx, user.id, clock.now(), config.lockout);
          return { kind: 'wrong', locked: locked || lastOfAddress };
        });
      }
      if (user.twoFactorEnabled || check.twoFactorRequired)
        return { kind: 'second factor', user, twoFactorRequired: check.twoFactorRequired };
      // No second factor: the session starts (stepped up) and the browser is remembered in one statement.
      return then(async (tx): Promise<PasswordVerdict> => {
        const finished = await finishPasswordLogin(c, deps, tx, user);
        // The password changed while it was checked: the login proved an old credential.
        if (finished === 'stale') return { kind: 'stale' };
        return { kind: 'signed in', user, ...finished };
      });
    };
    const verdict = hasOneConnection(db)
      ? await oneLoginAtATime(loginKeyOf(body.email), () => {
          const own: InTransaction = (work) => db.transaction(work);
          return checkPassword(own, own);
        })
      : await db.transaction((tx) => {
          const held: InTransaction = (work) => work(tx);
          return checkPassword(held, held);
        });
    await sweepLockoutKeysNowAndThen(db, clock.now(), config.lockout);
    // Outside the login's transaction: on PGlite a statement on the pool inside it would wait for ever.
    if (limit) await limit.sweepNowAndThen();
    if (verdict.kind === 'rate limited') throw rateLimited(verdict.retryAfter);
    if (verdict.kind === 'locked') throw refuse('locked', fail('account_locked_error'));
    if (verdict.kind === 'wrong') throw wrongPassword(verdict.locked);
    if (verdict.kind === 'stale') throw wrongPassword(false);
    if (verdict.kind === 'signed in') {
      verdict.done();
      reportLoginOutcome(c, 'success');
      await noticeSignInBrowser(c, deps, verdict.user, verdict.browser);
      return toLoginAnswerWire({ redirectUrl: null });
    }
    const { user, twoFactorRequired } = verdict;
    // A browser remembered for this account at its current epoch skips the code (docs/decisions/security.md:
    // Remember this device); the password was counted and checked above as for every login.
    const remembered = user.twoFactorEnabled && (await deviceRemembered(c, deps, user));
    const answer = remembered ? {} : await secondFactor(user, caller, body, twoFactorRequired, refuse);
    // Recovery codes in the answer: two-factor was just set up at this login (docs/decisions/security.md: Security
    // notices). Told before the session starts: the setup stands even when the session below does not.
    if (answer.recoveryCodes) {
      await recordSecurityChange(db, c, user.id, 'two_factor_enabled', clock.now());
      await noticeTwoFactorEnabled(c, deps, user, false);
    }
    // The password (and code) were just proved: the session starts stepped up (docs/decisions/security.md: Step-up), if
    // the password is still the one checked (docs/decisions/security.md: Credential epoch).
    const started = await startSession(c, deps, user.id, {
      steppedUp: true,
      epoch: user.credentialEpoch,
      signIn: remembered
        ? 'remembered_device'
        : user.twoFactorEnabled && body.recoveryOtp
          ? 'recovery_code'
          : 'password_code',
    });
    if (!started) throw wrongPassword(false);
    // The code (or a recovery code) was just proved with the box ticked: this browser is remembered, unless an
    // organisation of the account forbids it.
    if (!remembered && body.rememberDevice === true && !(await rememberingForbidden(db, user.id)))
      await rememberDevice(c, deps, user);
    reportLoginOutcome(c, 'success');
    await noticeSignInBrowser(c, deps, user);
    return { ...toLoginAnswerWire({ redirectUrl: null }), ...answer };
  };

  return {
    logIn,
    routes: new Hono<AppEnv>()
      .post(API_PATHS.login.path, async (c) => c.json(await logIn(c, () => readJson(c, LoginRequestWire))))

      .post(API_PATHS.logout.path, async (c) => {
        await endSession(c, deps);
        return c.json(OK_ANSWER);
      })

      /**
       * Magic link: POST only, so mail scanners that open links cannot use it up. It proves the mailbox, so it
       * also confirms the address. It never stands in for a second factor: for users with two-factor on or
       * required it is refused (forgot_password sends them a reset link instead).
       */
      .post(
        API_PATHS.exchangeMagicLink.path,
        rateLimit(deps.rateLimiter, 'login', config.trustProxy),
        async (c) => {
          const { token } = await readJson(c, MagicLinkRequestWire);
          // Each answer says how the sign-in ended (server/ops/loginOutcome.ts): a used, expired or unknown link, or
          // one that cannot stand in for a second factor, is this method's wrong credential.
          const invalid = () => refusedAs(c, 'wrong_credentials', fail('magic_link_invalid_error'));
          const used = await consumeToken(deps, 'magic', token);
          if (!used) throw invalid();
          const [user] = await db.select().from(users).where(eq(users.id, used.userId));
          if (!user || user.twoFactorEnabled || (await requiresTwoFactor(db, user.id))) throw invalid();
          // No lock check: the link proves the mailbox, the owner's way in during a lockout (docs/decisions/security.md:
          // Lockout). The lock stays for whoever keeps guessing the password.
          // The link proved the mailbox: confirmed, and its owner's language is the account's (Security notices).
          const locale = requestLocale(c);
          if (user.confirmedAt === null || user.locale !== locale) {
            await db
              .update(users)
              .set({ confirmedAt: user.confirmedAt ?? clock.now(), locale })
              .where(eq(users.id, user.id));
            user.locale = locale;
          }
          await startSession(c, deps, user.id, { signIn: 'magic_link' });
          await noticeSignInBrowser(c, deps, user);
          reportLoginOutcome(c, 'success');
          return c.json(toLoginAnswerWire({ redirectUrl: null }));
        },
      ),
  };
};

/** The login as the JSON API's resource (server/app.ts RESOURCES). */
export const authRoutes = (deps: AppDeps) => loginService(deps).routes;
