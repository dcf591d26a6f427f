/**
 * What is kept, and for how long (docs/decisions/security.md: Retention), on a timer in every server process (server/main.ts):
 * mails in the outbox go OUTBOX_KEPT_MS after they were written (an account's own go when it is deleted:
 * server/routes/meSecurity.ts), and the counting rows (rate limits, lockout counts, mail per recipient) go once
 * their window (and lock) is over, and a remembered device once it has expired (docs/decisions/security.md: Remember
 * this device; an expired one already skips nothing). The calls that count also sweep now and then; the timer makes it happen when
 * nobody calls. Two processes sweeping at once delete the same rows, which is harmless.
 */
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { ServerConfig } from './config';
import { type Database, recoverFrom } from './db/client';
import { mailOutbox, rememberedDevices } from './db/schema';
import type { AppDeps } from './deps';
import { errorForLog } from './logMask';
import { serverLog } from './ops/logger';
import { sweepPersistentWindows } from './persistentLimit';
import { DEFAULT_RATE_LIMITS, sweepRateLimitWindows } from './rateLimit';
import { sweepLockoutKeys } from './security/addressLockout';

const DAY = 24 * 60 * 60_000;
/** A mail's address and subject stay this long (its body is never kept outside demo mode, or only sealed). */
export const OUTBOX_KEPT_MS = 30 * DAY;
/** How often the timer sweeps. */
export const RETENTION_SWEEP_EVERY_MS = 10 * 60_000;

type RetentionDeps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<ServerConfig, 'rateLimits' | 'lockout'> };

/** One sweep: the outbox's old mails, the expired remembered devices, then every finished counting window. */
export const sweepRetention = async ({ db, clock, config }: RetentionDeps): Promise<void> => {
  const now = clock.now();
  await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, new Date(now.getTime() - OUTBOX_KEPT_MS)));
  await db.delete(rememberedDevices).where(lt(rememberedDevices.expiresAt, now));
  // With RATE_LIMITS=off nothing new is counted, but rows from before still go by the default windows.
  await sweepRateLimitWindows(db, config.rateLimits ?? DEFAULT_RATE_LIMITS, now);
  await sweepPersistentWindows(db, now);
  await sweepLockoutKeys(db, now, config.lockout);
};

/**
 * An account deleted: the outbox's mails to its address go (any case), except one still waiting for delivery (it
 * is sealed, and goes with the outbox's time like any other). `db` may be the deletion's transaction.
 */
export const forgetMailsTo = async (db: Pick<Database, 'delete'>, address: string): Promise<void> => {
  await db
    .delete(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${address})`, isNull(mailOutbox.nextAttemptAt)));
};

/**
 * Sweeps every `everyMs` until the answered timer is cleared; unref'd, and a failed sweep (the database away for a
 * moment) is logged and the next one tries again.
 */
export const startRetentionSweep = (
  deps: RetentionDeps,
  everyMs = RETENTION_SWEEP_EVERY_MS,
): NodeJS.Timeout => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepRetention(deps)
      .catch((error: unknown) => {
        recoverFrom(deps.db, error);
        serverLog().error(
          { event: 'retention_sweep_failed', error: errorForLog(error) },
          'retention sweep failed',
        );
      })
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return timer.unref();
};
