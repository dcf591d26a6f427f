/**
 * The step-up by passkey (docs/decisions/security.md: Step-up, Passkeys): POST /api/me/step_up/passkey/options gives a
 * challenge limited to this user's passkeys (allowCredentials), user verification required, single use, bound to
 * this session and dead after 5 minutes (server/passkeys/challenges.ts, as at sign-in); POST /api/me/step_up/passkey
 * checks the browser's answer with the sign-in's ceremony code (origin and relying party from SITE_URL, the counter,
 * a clone refused and logged) and opens the same 10-minute window as the password. Same rate limit as the password
 * step-up; a refused assertion counts toward the lockout as a wrong password does.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { PasskeyStepUpRequestWire } from '../../api/contract/passkeys';
import { API_PATHS } from '../../api/contract/paths';
import type { StepUpAnswerWire } from '../../api/contract/security';
import { passkeys } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { recordPasskeyCloneRefused } from '../ops/securityEvents';
import { signedChallenge, stepUpRequestOptions, userHandleOf, verifyAssertion } from '../passkeys/ceremony';
import { keepChallenge, spendChallenge } from '../passkeys/challenges';
import { advanceCounter } from '../passkeys/counter';
import { rateLimit } from '../rateLimit';
import { countedCheck } from '../security/lockout';
import { markSteppedUp } from '../security/stepUp';
import { authenticated } from '../sessions';

export const meStepUpPasskeyRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const signedIn = authenticated(deps);
  const limited = rateLimit(deps.rateLimiter, 'stepUp', config.trustProxy);

  return new Hono<AppEnv>()
    .post(API_PATHS.passkeyStepUpOptions.path, limited, signedIn, async (c) => {
      const own = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        // A passkey a recovery suspended proves nothing until the owner keeps it (docs/decisions/security.md: Recovery review).
        .where(and(eq(passkeys.userId, c.var.user.id), isNull(passkeys.suspendedAt)));
      // No passkey, no ceremony: an empty allowCredentials would let the browser offer any passkey of the site.
      if (own.length === 0) throw fail('passkey_not_found_error');
      const options = await stepUpRequestOptions(config, own);
      await keepChallenge(db, 'stepUp', c.var.sessionIdHash, options.challenge, clock.now());
      return c.json({ options });
    })

    .post(API_PATHS.passkeyStepUp.path, limited, signedIn, async (c) => {
      const user = c.var.user;
      const { credential } = await readJson(c, PasskeyStepUpRequestWire);
      const challenge = signedChallenge(credential.response.clientDataJSON);
      const now = clock.now();
      // Used up before anything else is looked at: a replay, another session's or an expired challenge ends here.
      if (!challenge || !(await spendChallenge(db, 'stepUp', c.var.sessionIdHash, challenge, now))) {
        throw fail('passkey_invalid_error');
      }
      const caller = { email: user.email, address: clientIp(c, config.trustProxy) };
      // Everything after the challenge is one counted check: a passkey that is not this user's, a handle naming
      // someone else, a bad signature or a clone all count toward the lockout as a wrong password does.
      const check = await countedCheck(
        db,
        user.id,
        () => clock.now(),
        config.lockout,
        async () => {
          const [row] = await db
            .select()
            .from(passkeys)
            .where(
              and(
                eq(passkeys.credentialId, credential.id),
                eq(passkeys.userId, user.id),
                isNull(passkeys.suspendedAt),
              ),
            );
          const handle = credential.response.userHandle;
          if (!row || (handle !== undefined && handle !== userHandleOf(user.id))) {
            return { ok: false as const, clone: false, passkeyId: undefined };
          }
          const result = await verifyAssertion(config, credential, challenge, row);
          if (!result.ok) return { ...result, passkeyId: row.id };
          const moved = await advanceCounter(db, row.id, result.newCounter, now);
          return moved
            ? { ...result, passkeyId: row.id }
            : { ok: false as const, clone: true, passkeyId: row.id };
        },
        (result) => result.ok,
        caller,
      );
      if (check === 'locked') throw fail('account_locked_error');
      if (!check.ok) {
        if (check.clone && check.passkeyId !== undefined) recordPasskeyCloneRefused(check.passkeyId);
        throw fail('passkey_invalid_error');
      }
      const validUntil = await markSteppedUp(deps, c.var.sessionIdHash);
      const answer: StepUpAnswerWire = { validUntil: validUntil.toISOString() };
      return c.json(answer);
    });
};
