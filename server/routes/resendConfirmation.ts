/**
 * POST /api/me/confirmation (ours, spec 2 Me page: the 'Please verify your email address.' banner's button): sends
 * the confirmation mail again to the signed-in user while the address is unconfirmed. A confirmed user gets ok and
 * no mail, so the call cannot be used to mail anyone else or to spam a confirmed address.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import { sendConfirmation } from '../confirmation';
import { tokens } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { requestLocale } from '../mail/locale';
import { rateLimit } from '../rateLimit';
import { authenticated } from '../sessions';

export const resendConfirmationRoutes = (deps: AppDeps) => {
  const { db, config, rateLimiter } = deps;
  return new Hono<AppEnv>().post(
    API_PATHS.resendConfirmation.path,
    rateLimit(rateLimiter, 'confirmationResend', config.trustProxy),
    authenticated(deps),
    async (c) => {
      const user = c.var.user;
      if (user.confirmedAt !== null) return c.json(OK_ANSWER);
      // Per account as well as per address: a session moved between addresses still mails only so often.
      const retryAfter = await rateLimiter.hit('confirmationResend', `user:${user.id}`);
      if (retryAfter !== null) throw fail('rate_limited_error', {}, { 'Retry-After': String(retryAfter) });
      // The new link keeps how and where the user came aboard, from the last confirmation link sent.
      const [last] = await db
        .select({ boarding: tokens.boarding, organisationId: tokens.organisationId })
        .from(tokens)
        .where(and(eq(tokens.userId, user.id), eq(tokens.kind, 'confirm')))
        .orderBy(desc(tokens.createdAt), desc(tokens.id))
        .limit(1);
      const sent = await sendConfirmation(
        deps,
        user,
        last?.boarding ?? 'email',
        last?.organisationId ?? null,
        requestLocale(c),
      );
      // The caller is signed in and asks about their own address: saying 'not now' tells nobody anything new.
      if (!sent) throw fail('rate_limited_error');
      return c.json(OK_ANSWER);
    },
  );
};
