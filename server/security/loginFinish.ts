/**
 * The last statement of a password login without a second factor (docs/decisions/operations.md: Login statements),
 * sent inside the login's transaction (lockout.ts reserveLoginCheck holds the check's rows until it commits): ONE
 * prepared statement starts the session (rotation, the new row by its hash, only while the credential epoch is the
 * one the password was checked against), records the sign-in in the account's security activity and remembers the
 * sign-in browser, as data-modifying CTEs; its rows are the
 * browsers the account had seen before. A check that passes counted nothing (docs/decisions/security.md: Lockout), so
 * nothing is given back: the session is the one row a login must write.
 */

import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { inTransaction, preparedOnce } from '../db/prepared';
import { rateLimits } from '../db/schema';
import type { AppDeps } from '../deps';
import { sessionStart, sessionStartStatements, userAgentOf } from '../sessions';
import type { LoginUser } from './lockout';
import { type SignInBrowser, seenBrowserOf, seenBrowserStatements, seenBrowserValues } from './seenBrowsers';

/**
 * Runs the statement in `tx`, the login's transaction; answers what the account knew of this browser
 * (security/seenBrowsers.ts), or 'stale' when no session started because the account's credential epoch moved past
 * the one the password was checked against (docs/decisions/security.md: Credential epoch): the caller refuses the
 * login. The cookie is set by `done` once the transaction committed.
 */
export const finishPasswordLogin = async (
  c: Context,
  deps: AppDeps,
  tx: Database,
  user: Pick<LoginUser, 'id' | 'credentialEpoch'>,
): Promise<{ browser: SignInBrowser; done: () => void } | 'stale'> => {
  const start = sessionStart(c, deps, user.id, {
    steppedUp: true,
    epoch: user.credentialEpoch,
    signIn: 'password',
  });
  const browser = seenBrowserValues(user.id, userAgentOf(c), deps.clock.now());
  const [row] = await inTransaction(
    preparedOnce(deps.db, 'finish_password_login', prepareFinish),
    tx,
  ).execute({ ...start.values, ...browser.values });
  if (!row || row.started === 0) return 'stale';
  return {
    browser: seenBrowserOf(
      (row.keys ?? []).map((key) => ({ key })),
      browser.key,
    ),
    done: start.done,
  };
};

const prepareFinish = (db: Database) => {
  const [ended, started, recorded] = sessionStartStatements(db);
  const { forgotten, remembered, known } = seenBrowserStatements(db);
  // One row: whether the session started, and the browsers the account had seen (as a JSON array: none is no row).
  return db
    .with(ended, started, recorded, forgotten, remembered)
    .select({
      started: sql<number>`(select count(*) from ${started})::integer`,
      keys: sql<string[] | null>`(select json_agg(${rateLimits.key}) from ${rateLimits} where ${known})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('finish_password_login');
};
