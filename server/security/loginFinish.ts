/**
 * The last statement of a password login without a second factor (docs/decisions/operations.md: Login statements): ONE
 * prepared statement gives back the check's counts (the account's and the calling address's: a check that passes
 * gives its own counts back, docs/decisions/security.md: Lockout), starts the session (rotation, the new row by its hash) and
 * remembers the sign-in browser, all as data-modifying CTEs; its rows are the browsers the account had seen before.
 * The parts touch different rows (the user, the address's lockout row, sessions, the user's seen-browser rows), so
 * none is changed twice in the statement, and every part sees the tables as they were before it, as when they ran
 * one after another. One round trip and one commit instead of two.
 */

import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { rateLimits } from '../db/schema';
import type { AppDeps } from '../deps';
import { sessionStart, sessionStartStatements, userAgentOf } from '../sessions';
import { type AddressReservation, releaseAddressCheckStatement } from './addressLockout';
import { type LoginUser, releaseCheckStatement } from './lockout';
import { type SignInBrowser, seenBrowserOf, seenBrowserStatements, seenBrowserValues } from './seenBrowsers';

/**
 * Runs the statement; answers what the account knew of this browser (security/seenBrowsers.ts), or 'stale' when
 * no session started because the account's credential epoch moved past the one the password was checked against
 * (docs/decisions/security.md: Credential epoch): the caller refuses the login.
 */
export const finishPasswordLogin = async (
  c: Context,
  deps: AppDeps,
  user: Pick<LoginUser, 'id' | 'credentialEpoch'>,
  address: AddressReservation,
): Promise<SignInBrowser | 'stale'> => {
  const start = sessionStart(c, deps, user.id, { steppedUp: true, epoch: user.credentialEpoch });
  const browser = seenBrowserValues(user.id, userAgentOf(c), deps.clock.now());
  const [row] = await preparedOnce(deps.db, 'finish_password_login', prepareFinish).execute({
    ...start.values,
    ...browser.values,
    addressKey: address.key,
  });
  if (!row || row.started === 0) return 'stale';
  start.done();
  return seenBrowserOf(
    (row.keys ?? []).map((key) => ({ key })),
    browser.key,
  );
};

const prepareFinish = (db: Database) => {
  const [ended, started] = sessionStartStatements(db);
  const addressReleased = db
    .$with('address_released')
    .as(releaseAddressCheckStatement(db, sql.placeholder('addressKey')));
  // The account's count goes back after the address's, so this statement locks the two rows in the order the
  // login's first one does (lockout.ts reserveLoginCheck): parallel logins of one account never deadlock.
  const released = db
    .$with('released')
    .as(
      releaseCheckStatement(
        db,
        sql.placeholder('sessionUserId'),
        sql`(select count(*) from ${addressReleased}) >= 0`,
      ),
    );
  const { forgotten, remembered, known } = seenBrowserStatements(db);
  // One row: whether the session started, and the browsers the account had seen (as a JSON array: none is no row).
  return db
    .with(ended, started, addressReleased, released, forgotten, remembered)
    .select({
      started: sql<number>`(select count(*) from ${started})::integer`,
      keys: sql<string[] | null>`(select json_agg(${rateLimits.key}) from ${rateLimits} where ${known})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('finish_password_login');
};
