/**
 * Two-factor from the profile (spec 4 Two-factor, spec 7): GET /api/me/2fa hands out a temporary secret, POST turns
 * two-factor on with a code from it and answers the recovery codes; the recovery-code count and regeneration
 * (which needs a current one-time code: docs/decisions/security.md: Regenerating recovery codes needs a current code).
 */

import { Hono } from 'hono';
import { EnableTwoFactorRequestWire, RegenerateRecoveryCodesRequestWire } from '../../api/contract/auth';
import { API_PATHS } from '../../api/contract/paths';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { fail, failWithRawCode } from '../http/problem';
import { readJson } from '../http/validate';
import { noticeTwoFactorEnabled, RESET_PAGE_REQUEST, sendSecurityNotice } from '../mail/securityNotice';
import { rateLimit } from '../rateLimit';
import { countedCheck } from '../security/lockout';
import { regenerateRecoveryCodes, remainingRecoveryCodes } from '../security/recoveryCodes';
import { recordSecurityChange } from '../security/securityActivity';
import { keyRingOf } from '../security/serverKey';
import { requireStepUp } from '../security/stepUp';
import { completeSetup, pendingSecret, setupPayloadFor, verifyTotpOnce } from '../security/twoFactor';
import { authenticated, userAgentOf } from '../sessions';
import { siteLink } from '../siteLinks';

export const twoFactorRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const limited = rateLimit(deps.rateLimiter, 'twoFactor', config.trustProxy);

  return (
    new Hono<AppEnv>()
      // '/api/me/2fa/*' covers /api/me/2fa itself and the recovery-code paths under it.
      .use(`${API_PATHS.getTwoFactorSecret.path}/*`, authenticated(deps))

      .get(API_PATHS.getTwoFactorSecret.path, limited, async (c) => {
        // The pending secret is kept until a setup completes: a GET (even a cross-site navigation) cannot swap it
        // under a setup in progress.
        const { secret } = await pendingSecret(db, keyRingOf(config), c.var.user, false);
        return c.json(await setupPayloadFor(c.var.user, secret, config.totpIssuer));
      })

      .post(API_PATHS.enableTwoFactor.path, limited, async (c) => {
        const { otp } = await readJson(c, EnableTwoFactorRequestWire);
        // Someone else's authenticator would lock the owner out (docs/security.md: Every change and the proof it
        // needs): turning it on or setting it up again wants a fresh proof, before the code is even looked at.
        await requireStepUp(deps, c.var.sessionIdHash);
        const result = await completeSetup(db, keyRingOf(config), c.var.user, otp, clock.now(), {
          session: c.var.sessionIdHash,
          userAgent: userAgentOf(c),
        });
        if (result === null) throw fail('two_factor_setup_not_enabled_error');
        // spec 8: the setup form reads code 'invalid' as 'Invalid otp code'.
        if (!result.ok) throw failWithRawCode(400, 'invalid');
        await recordSecurityChange(db, c, c.var.user.id, 'two_factor_enabled', clock.now());
        // Set up again when it was on already ('Resetup GA'): the notice says which.
        await noticeTwoFactorEnabled(c, deps, c.var.user, c.var.user.twoFactorEnabled);
        return c.json({ recoveryCodes: result.recoveryCodes });
      })

      .get(API_PATHS.getRecoveryCodeCount.path, limited, async (c) =>
        c.json({
          remaining: c.var.user.twoFactorEnabled ? await remainingRecoveryCodes(db, c.var.user.id) : 0,
        }),
      )

      .post(API_PATHS.regenerateRecoveryCodes.path, limited, async (c) => {
        const { otp } = await readJson(c, RegenerateRecoveryCodesRequestWire);
        const user = c.var.user;
        if (!user.twoFactorEnabled) throw fail('two_factor_setup_not_enabled_error');
        // The code counts towards the lockout like a login's (docs/decisions/security.md: Lockout) and is accepted once.
        const check = await countedCheck(
          db,
          user.id,
          () => clock.now(),
          config.lockout,
          () => verifyTotpOnce(db, keyRingOf(config), user, otp, clock.now()),
          (result) => result.ok,
          { email: user.email, address: clientIp(c, config.trustProxy) },
        );
        if (check === 'locked') throw fail('account_locked_error');
        if (!check.ok)
          throw check.driftMinutes
            ? fail('auth_otp_clock_drift_error', { details: { minutes: check.driftMinutes } })
            : fail('unknown_auth_otp_code_error');
        const recoveryCodes = await regenerateRecoveryCodes(db, keyRingOf(config), user.id, clock.now());
        await recordSecurityChange(db, c, user.id, 'recovery_codes_regenerated', clock.now());
        await sendSecurityNotice(c, deps, user, 'recoveryCodesRegenerated', {
          screenName: user.screenName,
          link: siteLink(config, RESET_PAGE_REQUEST),
        });
        return c.json({ recoveryCodes });
      })
  );
};
