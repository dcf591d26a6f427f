/**
 * The account-security centre, part one (docs/decisions/security.md: Account-security centre): POST /api/me/step_up,
 * POST /api/me/password, DELETE /api/me. E-mail changes are in meEmail.ts, sessions in meSessions.ts.
 */

import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { OK_ANSWER, VALIDATION_CODES } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import {
  ChangePasswordRequestWire,
  DeleteAccountRequestWire,
  type StepUpAnswerWire,
  StepUpRequestWire,
} from '../../api/contract/security';
import { channels, rememberedDevices, sessions, uploads, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { fail, fieldError } from '../http/problem';
import { readJson } from '../http/validate';
import { RESET_PAGE_REQUEST, securityNoticeFor, sendSecurityNotice } from '../mail/securityNotice';
import { rateLimit } from '../rateLimit';
import { forgetMailsTo } from '../retentionSweep';
import { refuseBreachedPassword } from '../security/breachedPasswords';
import { countedCheck } from '../security/lockout';
import { hashPassword, verifyPassword } from '../security/passwords';
import { recordSecurityChange } from '../security/securityActivity';
import { keyRingOf } from '../security/serverKey';
import { markSteppedUp, requireStepUp } from '../security/stepUp';
import { verifyTotpOnce } from '../security/twoFactor';
import { forgetUserReads } from '../sessionReads';
import { authenticated, sessionCookieName, startSession } from '../sessions';
import { siteLink } from '../siteLinks';
import { endTokens } from '../tokens';
import { uploadStoreFor } from '../uploads';
import { deletableChannels, soleAdminPlaces } from './accountPlaces';

export const meSecurityRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const signedIn = authenticated(deps);
  const stepUpLimited = rateLimit(deps.rateLimiter, 'stepUp', config.trustProxy);
  const changeLimited = rateLimit(deps.rateLimiter, 'accountSecurity', config.trustProxy);

  return (
    new Hono<AppEnv>()
      /**
       * The proof is counted toward the lockout like a login check (docs/decisions/security.md: Lockout): the calling
       * address's stage for this account, then the account's. An account with two-factor proves a current code
       * (docs/decisions/security.md: Step-up); the others the password.
       */
      .post(API_PATHS.stepUp.path, stepUpLimited, signedIn, async (c) => {
        const user = c.var.user;
        const body = await readJson(c, StepUpRequestWire);
        const caller = { email: user.email, address: clientIp(c, config.trustProxy) };
        const counted = async <T>(run: () => Promise<T>, passed: (result: T) => boolean) => {
          const result = await countedCheck(
            db,
            user.id,
            () => clock.now(),
            config.lockout,
            run,
            passed,
            caller,
          );
          if (result === 'locked') throw fail('account_locked_error');
          return result;
        };
        if (user.twoFactorEnabled) {
          const otp = body.otp;
          if (!otp) throw fail('auth_otp_code_is_required_error');
          const check = await counted(
            () => verifyTotpOnce(db, keyRingOf(config), user, otp, clock.now()),
            (result) => result.ok,
          );
          if (!check.ok) {
            throw check.driftMinutes
              ? fail('auth_otp_clock_drift_error', { details: { minutes: check.driftMinutes } })
              : fail('unknown_auth_otp_code_error');
          }
        } else {
          const pwd = body.pwd;
          if (!pwd) throw fieldError('pwd', VALIDATION_CODES.required);
          const right = await counted(
            () => verifyPassword(user.passwordHash, pwd),
            (result) => result,
          );
          if (!right) throw fail('unknown_credential_error');
        }
        const validUntil = await markSteppedUp(deps, c.var.sessionIdHash);
        const answer: StepUpAnswerWire = { validUntil: validUntil.toISOString() };
        return c.json(answer);
      })

      /**
       * A new password under the sign-up rules, as one transaction (docs/decisions/security.md: Security changes are one
       * transaction): the password and the credential epoch move together, only if this session's epoch is still
       * the account's (two changes at once: the second is refused); every session ends and this one is rotated (a
       * new id, still stepped up); reset and sign-in links of the old password stop; the notice's outbox row is
       * written. A login that checked the old password meanwhile starts no session (docs/decisions/security.md: Credential
       * epoch).
       */
      .post(API_PATHS.changePassword.path, changeLimited, signedIn, async (c) => {
        const user = c.var.user;
        const { pwd } = await readJson(c, ChangePasswordRequestWire);
        await requireStepUp(deps, c.var.sessionIdHash);
        await refuseBreachedPassword(deps.config, pwd);
        const passwordHash = await hashPassword(pwd);
        const notice = await securityNoticeFor(c, deps, user, 'passwordChanged');
        const deliver = await db.transaction(async (tx) => {
          const [moved] = await tx
            .update(users)
            .set({
              passwordHash,
              updatedAt: clock.now(),
              credentialEpoch: sql`${users.credentialEpoch} + 1`,
            })
            .where(and(eq(users.id, user.id), eq(users.credentialEpoch, user.credentialEpoch)))
            .returning({ id: users.id });
          // Another change moved the epoch since this session was read: this session is already dead.
          if (!moved) throw fail('unknown_credential_error', { message: 'not logged in' });
          await endTokens({ db: tx, clock }, user.id, ['reset', 'magic']);
          await tx.delete(sessions).where(eq(sessions.userId, user.id));
          await tx.delete(rememberedDevices).where(eq(rememberedDevices.userId, user.id));
          await startSession(c, deps, user.id, { steppedUp: true }, tx);
          await recordSecurityChange(tx, c, user.id, 'password_changed', clock.now());
          return notice(tx, { screenName: user.screenName, link: siteLink(config, RESET_PAGE_REQUEST) });
        });
        forgetUserReads(deps, user.id);
        await deliver();
        return c.json(OK_ANSWER);
      })

      /**
       * Deleting the account (docs/decisions/security.md: Deleting an account): step-up, the e-mail address typed as
       * confirmation, refused while the user is the only admin of a place others use. Channels only they belong
       * to go with them; sessions, tokens, recovery codes, memberships and image records go by the database's
       * cascades; uploaded files and the outbox's mails to the address are removed here (the last notice is kept
       * for the outbox's time, server/retentionSweep.ts). The address is free to sign up again at once.
       */
      .delete(API_PATHS.deleteAccount.path, changeLimited, signedIn, async (c) => {
        const user = c.var.user;
        const { confirmation } = await readJson(c, DeleteAccountRequestWire);
        await requireStepUp(deps, c.var.sessionIdHash);
        if (confirmation.toLowerCase() !== user.email.trim().toLowerCase()) {
          throw fieldError('confirmation', VALIDATION_CODES.only);
        }
        const places = await soleAdminPlaces(db, user.id);
        if (places.length > 0) throw fail('account_sole_admin_error', { details: { places } });

        const files = await db
          .select({ path: uploads.path })
          .from(uploads)
          .where(eq(uploads.userId, user.id));
        const lonely = await deletableChannels(db, user.id);
        await db.transaction(async (tx) => {
          if (lonely.length > 0) await tx.delete(channels).where(inArray(channels.id, lonely));
          await tx.delete(uploads).where(eq(uploads.userId, user.id));
          // The mails to the address go too (docs/decisions/security.md: Retention), except one still waiting for delivery.
          await forgetMailsTo(tx, user.email);
          await tx.delete(users).where(eq(users.id, user.id));
        });
        const store = uploadStoreFor(config);
        for (const file of files) if (file.path) await store.remove(file.path);
        forgetUserReads(deps, user.id);
        deleteCookie(c, sessionCookieName(config.secureCookies), { path: '/', secure: config.secureCookies });
        await sendSecurityNotice(c, deps, user, 'accountDeleted', {
          screenName: user.screenName,
          link: siteLink(config, '/'),
        });
        return c.json(OK_ANSWER);
      })
  );
};
