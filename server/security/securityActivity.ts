/**
 * The account's recent security activity (docs/decisions/security.md: Security activity). A sign-in is recorded by
 * the statement that starts its session (server/sessions.ts sessionStartStatements: no write of its own, the login
 * stays one commit); a change is recorded here, in the transaction of the change where it has one. Rows hold the
 * User-Agent (bounded, as sessions keep it), never an address; they go after 90 days (server/retentionSweep.ts).
 */
import { desc, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { PAGE_SIZE } from '../../api/contract/limits';
import {
  SECURITY_ACTIVITY_KEPT_DAYS,
  type SecurityActivityAnswerWire,
  type SecurityActivityKind,
  type SignInMethod,
} from '../../api/contract/securityActivity';
import type { Database } from '../db/client';
import { securityActivity } from '../db/schema';
import { userAgentOf } from '../sessions';
import { describeUserAgent } from '../userAgent';

export const SECURITY_ACTIVITY_KEPT_MS = SECURITY_ACTIVITY_KEPT_DAYS * 24 * 60 * 60_000;

type Writer = Pick<Database, 'insert'>;

/** A security change of `userId`, made by the request `c`; `db` is the change's transaction where it has one. */
export const recordSecurityChange = async (
  db: Writer,
  c: Context,
  userId: number,
  kind: Exclude<SecurityActivityKind, 'sign_in'>,
  at: Date,
): Promise<void> => {
  await db.insert(securityActivity).values({ userId, kind, method: null, userAgent: userAgentOf(c), at });
};

/** One page of the account's rows, newest first: one row more than a page is read to tell whether another follows. */
export const securityActivityPage = async (
  db: Database,
  userId: number,
  page: number,
): Promise<SecurityActivityAnswerWire> => {
  const rows = await db
    .select()
    .from(securityActivity)
    .where(eq(securityActivity.userId, userId))
    .orderBy(desc(securityActivity.at), desc(securityActivity.id))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  return {
    entries: rows.slice(0, PAGE_SIZE).map((row) => ({
      kind: row.kind as SecurityActivityKind,
      method: row.method as SignInMethod | null,
      ...describeUserAgent(row.userAgent),
      at: row.at.toISOString(),
    })),
    page,
    hasMore: rows.length > PAGE_SIZE,
  };
};

/** The retention sweep's part: rows older than 90 days go. */
export const sweepSecurityActivity = async (db: Pick<Database, 'delete'>, now: Date): Promise<void> => {
  await db
    .delete(securityActivity)
    .where(lt(securityActivity.at, new Date(now.getTime() - SECURITY_ACTIVITY_KEPT_MS)));
};
