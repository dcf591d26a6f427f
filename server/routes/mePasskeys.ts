/**
 * A user's passkeys (docs/decisions/security.md: Passkeys): POST /api/me/passkeys/options and POST /api/me/passkeys add one
 * (both behind the step-up, docs/decisions/security.md: Step-up: a passkey signs in, so adding one is a sensitive change);
 * GET lists them; PUT renames and DELETE removes one. Adding and removing each mail the owner a notice
 * (docs/decisions/security.md: A notice for every way in).
 */

import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { OK_ANSWER } from '../../api/contract/common';
import {
  AddPasskeyRequestWire,
  PASSKEY_NAME_MAX,
  PasskeyParamsWire,
  type PasskeysAnswerWire,
  type PasskeyWire,
  RenamePasskeyRequestWire,
} from '../../api/contract/passkeys';
import { API_PATHS } from '../../api/contract/paths';
import { passkeys } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { noticePasskeyAdded, noticePasskeyRemoved } from '../mail/securityNotice';
import { creationOptions, signedChallenge, verifyRegistration } from '../passkeys/ceremony';
import { keepChallenge, spendChallenge } from '../passkeys/challenges';
import { rateLimit } from '../rateLimit';
import { recordSecurityChange } from '../security/securityActivity';
import { requireStepUp } from '../security/stepUp';
import { authenticated, userAgentOf } from '../sessions';
import { violatedUniqueConstraint } from '../uniqueViolation';
import { describeUserAgent } from '../userAgent';

type PasskeyRow = typeof passkeys.$inferSelect;

const toPasskeyWire = (row: PasskeyRow): PasskeyWire => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  suspended: row.suspendedAt !== null,
});

/** The name a passkey gets when the user gave none: the browser and system it was made on. */
const defaultName = (userAgent: string | null): string => {
  const { browser, system } = describeUserAgent(userAgent);
  return `${browser} (${system})`.slice(0, PASSKEY_NAME_MAX);
};

export const mePasskeyRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const signedIn = authenticated(deps);
  const limited = rateLimit(deps.rateLimiter, 'accountSecurity', config.trustProxy);

  const ownPasskey = async (userId: number, params: unknown): Promise<PasskeyRow> => {
    const parsed = v.safeParse(PasskeyParamsWire, params);
    if (!parsed.success) throw fail('passkey_not_found_error');
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, Number(parsed.output.id)), eq(passkeys.userId, userId)));
    if (!row) throw fail('passkey_not_found_error');
    return row;
  };

  return new Hono<AppEnv>()
    .post(API_PATHS.passkeyRegistrationOptions.path, limited, signedIn, async (c) => {
      const user = c.var.user;
      await requireStepUp(deps, c.var.sessionIdHash);
      const existing = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      const options = await creationOptions(
        config,
        { id: user.id, email: user.email, name: user.screenName },
        existing,
      );
      // Bound to this session: another session (or another user) cannot finish this ceremony.
      await keepChallenge(db, 'register', c.var.sessionIdHash, options.challenge, clock.now());
      return c.json({ options });
    })

    .post(API_PATHS.addPasskey.path, limited, signedIn, async (c) => {
      const user = c.var.user;
      await requireStepUp(deps, c.var.sessionIdHash);
      const body = await readJson(c, AddPasskeyRequestWire);
      const challenge = signedChallenge(body.credential.response.clientDataJSON);
      if (
        !challenge ||
        !(await spendChallenge(db, 'register', c.var.sessionIdHash, challenge, clock.now()))
      ) {
        throw fail('passkey_invalid_error');
      }
      const credential = await verifyRegistration(config, body.credential, challenge);
      if (!credential) throw fail('passkey_invalid_error');
      try {
        const [row] = await db
          .insert(passkeys)
          .values({
            userId: user.id,
            ...credential,
            name: body.name ?? defaultName(userAgentOf(c)),
            createdAt: clock.now(),
            // Which browser and session added it: the recovery review shows the one and suspends by the other.
            addedUserAgent: userAgentOf(c),
            addedSession: c.var.sessionIdHash,
          })
          .returning();
        if (!row) throw new Error('insert answered no row');
        await recordSecurityChange(db, c, user.id, 'passkey_added', clock.now());
        await noticePasskeyAdded(c, deps, user);
        return c.json(toPasskeyWire(row), 201);
      } catch (error) {
        if (violatedUniqueConstraint(error) !== null) throw fail('passkey_already_registered_error');
        throw error;
      }
    })

    .get(API_PATHS.getPasskeys.path, limited, signedIn, async (c) => {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, c.var.user.id))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      const answer: PasskeysAnswerWire = { passkeys: rows.map(toPasskeyWire) };
      return c.json(answer);
    })

    .put(API_PATHS.renamePasskey.path, limited, signedIn, async (c) => {
      const row = await ownPasskey(c.var.user.id, c.req.param());
      const { name } = await readJson(c, RenamePasskeyRequestWire);
      const [renamed] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, row.id)).returning();
      if (!renamed) throw fail('passkey_not_found_error');
      return c.json(toPasskeyWire(renamed));
    })

    .delete(API_PATHS.removePasskey.path, limited, signedIn, async (c) => {
      const row = await ownPasskey(c.var.user.id, c.req.param());
      const removed = await db.delete(passkeys).where(eq(passkeys.id, row.id)).returning({ id: passkeys.id });
      // One notice per passkey: of two removals at once, only the one that removed it tells.
      if (removed.length > 0) {
        await recordSecurityChange(db, c, c.var.user.id, 'passkey_removed', clock.now());
        await noticePasskeyRemoved(c, deps, c.var.user, row.createdAt);
      }
      return c.json(OK_ANSWER);
    });
};
