/**
 * Signing in with a passkey (docs/decisions/security.md: Passkeys): POST /api/login/passkey/options gives a challenge bound
 * to this sign-in attempt (an httpOnly cookie), POST /api/login/passkey checks the browser's answer. The same rate
 * limit as the password login, the same lockout (a refused assertion counts as a failed check of the account, a
 * locked account is refused), the same session start and new-browser notice; the answer is the login's. A user-verified passkey is two
 * factors (something held, and the PIN or biometric that unlocked it), so no one-time code is asked, also where an
 * organisation enforces two-factor.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { toLoginAnswerWire } from '../../api/contract/auth';
import { PASSKEY_CHALLENGE_TTL_MS, PasskeyLoginRequestWire } from '../../api/contract/passkeys';
import { API_PATHS } from '../../api/contract/paths';
import { passkeys, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { noticeSignInBrowser } from '../mail/securityNotice';
import { refusedAs, reportLoginOutcome } from '../ops/loginOutcome';
import { recordPasskeyCloneRefused } from '../ops/securityEvents';
import { requestOptions, signedChallenge, userHandleOf, verifyAssertion } from '../passkeys/ceremony';
import { keepChallenge, spendChallenge } from '../passkeys/challenges';
import { advanceCounter } from '../passkeys/counter';
import { rateLimit } from '../rateLimit';
import { randomToken, sha256Hex } from '../security/crypto';
import { countedCheck } from '../security/lockout';
import { startSession } from '../sessions';

const ATTEMPT_PATH = '/api/login/passkey';
const attemptCookieName = (secure: boolean) => (secure ? '__Secure-passkey_attempt' : 'passkey_attempt');
const ATTEMPT_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const passkeyLoginRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  // The answer is a try at an account, limited with the password login; the challenge has a bucket of its own
  // (server/rateLimit.ts), so opening /login spends nothing of the login's.
  const limited = rateLimit(deps.rateLimiter, 'login', config.trustProxy);
  const challengeLimited = rateLimit(deps.rateLimiter, 'passkeyChallenge', config.trustProxy);
  const cookieName = attemptCookieName(config.secureCookies);

  /** This attempt's id: the cookie's, or a new one. Kept across the button and the autofill of one page. */
  const attemptOf = (c: Context): string => {
    const current = getCookie(c, cookieName);
    const attempt = current && ATTEMPT_PATTERN.test(current) ? current : randomToken();
    setCookie(c, cookieName, attempt, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: config.secureCookies,
      path: ATTEMPT_PATH,
      maxAge: Math.floor(PASSKEY_CHALLENGE_TTL_MS / 1000),
    });
    return attempt;
  };

  return new Hono<AppEnv>()
    .post(API_PATHS.passkeyLoginOptions.path, challengeLimited, async (c) => {
      const options = await requestOptions(config);
      await keepChallenge(db, 'login', sha256Hex(attemptOf(c)), options.challenge, clock.now());
      return c.json({ options });
    })

    .post(API_PATHS.passkeyLogin.path, limited, async (c) => {
      const { credential } = await readJson(c, PasskeyLoginRequestWire);
      // Each answer below says how the sign-in ended (server/ops/loginOutcome.ts): metrics and logs count that. A
      // refused assertion is this method's wrong credential.
      const refused = () => refusedAs(c, 'wrong_credentials', fail('passkey_invalid_error'));
      const attempt = getCookie(c, cookieName);
      const challenge = signedChallenge(credential.response.clientDataJSON);
      const now = clock.now();
      if (
        !attempt ||
        !challenge ||
        !(await spendChallenge(db, 'login', sha256Hex(attempt), challenge, now))
      ) {
        throw refused();
      }
      const [found] = await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, credential.id));
      if (!found) throw refused();
      const { passkey, user } = found;
      // Suspended by a recovery (docs/decisions/security.md: Recovery review): it signs nobody in until the owner keeps it.
      if (passkey.suspendedAt) throw refused();
      // A discoverable credential names its user; it must be the one the credential belongs to.
      const handle = credential.response.userHandle;
      if (handle !== undefined && handle !== userHandleOf(user.id)) throw refused();

      const caller = { email: user.email, address: clientIp(c, config.trustProxy) };
      const check = await countedCheck(
        db,
        user.id,
        () => clock.now(),
        config.lockout,
        () => verifyAssertion(config, credential, challenge, passkey),
        (result) => result.ok,
        caller,
      );
      if (check === 'locked') throw refusedAs(c, 'locked', fail('account_locked_error'));
      if (!check.ok) {
        if (check.clone) recordPasskeyCloneRefused(passkey.id);
        throw refused();
      }
      // Counter and last use in one conditional UPDATE (a racing twin is refused as the clone it would be).
      const moved = await advanceCounter(db, passkey.id, check.newCounter, now);
      if (!moved) {
        recordPasskeyCloneRefused(passkey.id);
        throw refused();
      }
      deleteCookie(c, cookieName, { path: ATTEMPT_PATH, secure: config.secureCookies });
      // Two factors were proved (docs/decisions/security.md: Passkeys): the session starts stepped up, as after a password
      // and code (docs/decisions/security.md: Step-up).
      await startSession(c, deps, user.id, { steppedUp: true, signIn: 'passkey' });
      // As every other sign-in: the browser is remembered, a new one told by mail (docs/decisions/security.md: Security
      // notices).
      await noticeSignInBrowser(c, deps, user);
      reportLoginOutcome(c, 'success');
      return c.json(toLoginAnswerWire({ redirectUrl: null }));
    });
};
