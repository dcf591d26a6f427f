/**
 * What one more stored upload may cost (docs/decisions/security.md: Uploads; docs/security.md: Uploads): a user's uploads of
 * the last day (fewer, and fewer bytes, before the address is confirmed), and every stored file together against the
 * storage budget (UPLOAD_BUDGET_MB). All measured from the uploads table, never by walking the disk: each stored
 * file has exactly one uploads row (an image record points at its upload's row, which stays while it is used).
 *
 * The caller inserts the upload's row first and asks afterwards, with that row counted: two uploads at once each
 * see the other, so together they can be refused but never both let past a limit.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { uploads } from './db/schema';
import { ApiProblem, fail } from './http/problem';
import {
  DEFAULT_UPLOAD_BUDGET_MB,
  MB,
  UNCONFIRMED_UPLOAD_BYTES_PER_DAY,
  UNCONFIRMED_UPLOADS_PER_DAY,
  UPLOADS_PER_USER_PER_DAY,
} from './uploads';

const DAY_MS = 24 * 60 * 60_000;

export interface UploadQuotaInput {
  userId: number;
  /** users.confirmed_at is set. */
  confirmed: boolean;
  now: Date;
  budgetBytes: number | undefined;
}

/** The refusal for one more upload (its row already inserted), or null when it is within every limit. */
export const uploadQuotaRefusal = async (
  db: Database,
  { userId, confirmed, now, budgetBytes }: UploadQuotaInput,
): Promise<ApiProblem | null> => {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const mine = sql`${uploads.userId} = ${userId} and ${uploads.createdAt} > ${since}::timestamptz`;
  const [usage] = await db
    .select({
      count: sql<string>`count(*) filter (where ${mine})`,
      bytes: sql<string>`coalesce(sum(${uploads.size}) filter (where ${mine}), 0)`,
      stored: sql<string>`coalesce(sum(${uploads.size}), 0)`,
    })
    .from(uploads);
  const count = Number(usage?.count ?? 0);
  const bytes = Number(usage?.bytes ?? 0);
  const stored = Number(usage?.stored ?? 0);
  if (count > UPLOADS_PER_USER_PER_DAY)
    return fail('rate_limited_error', { message: 'daily upload quota reached' });
  if (!confirmed && (count > UNCONFIRMED_UPLOADS_PER_DAY || bytes > UNCONFIRMED_UPLOAD_BYTES_PER_DAY))
    return fail('rate_limited_error', {
      message: 'daily upload quota of an unconfirmed address reached: confirm the address for more',
    });
  if (stored > (budgetBytes ?? DEFAULT_UPLOAD_BUDGET_MB * MB)) return uploadBudgetReached();
  return null;
};

/**
 * The server's storage for uploads is full: nothing the caller sent was wrong, so not a 4xx; 507 Insufficient
 * Storage with the catalogue's unknown_server_error and a message that says which (docs/decisions/security.md: Uploads).
 */
export const uploadBudgetReached = (): ApiProblem =>
  new ApiProblem(507, { code: 'unknown_server_error', message: 'upload storage budget reached' });
