/**
 * Orphans (uploads never turned into an image record within ORPHAN_UPLOAD_AFTER_MS) go with their files, on a timer
 * (server/main.ts), so they go even when nobody uploads any more. Every server process runs the timer: two sweeps
 * at once pick the same rows, and removing a file or a row twice is harmless.
 */
import { and, eq, lt, notExists } from 'drizzle-orm';
import type { ServerConfig } from './config';
import { type Database, recoverFrom } from './db/client';
import { images, uploads } from './db/schema';
import type { AppDeps } from './deps';
import { errorForLog } from './logMask';
import { serverLog } from './ops/logger';
import { ORPHAN_UPLOAD_AFTER_MS, uploadStoreFor } from './uploads';

/** How often the timer sweeps: orphans live a day, so a few minutes late is nothing. */
export const ORPHAN_SWEEP_EVERY_MS = 10 * 60_000;
/** Rows looked at per query; a sweep goes on while batches come back full, up to MAX_BATCHES. */
const BATCH = 100;
const MAX_BATCHES = 20;

type SweepDeps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<ServerConfig, 'dataDir'> };

const orphansAt = (db: Database, now: Date) =>
  db
    .select({ id: uploads.id, path: uploads.path })
    .from(uploads)
    .where(
      and(
        lt(uploads.createdAt, new Date(now.getTime() - ORPHAN_UPLOAD_AFTER_MS)),
        notExists(db.select({ id: images.id }).from(images).where(eq(images.assemblyId, uploads.assemblyId))),
      ),
    )
    .limit(BATCH);

/** One sweep: removes the orphans of now (file first, then its row); answers how many it removed. */
export const sweepOrphanUploads = async ({ db, clock, config }: SweepDeps): Promise<number> => {
  const store = uploadStoreFor(config);
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const orphans = await orphansAt(db, clock.now());
    for (const orphan of orphans) {
      if (orphan.path) await store.remove(orphan.path);
      await db.delete(uploads).where(eq(uploads.id, orphan.id));
    }
    removed += orphans.length;
    if (orphans.length < BATCH) break;
  }
  return removed;
};

/**
 * Sweeps every `everyMs` until the answered timer is cleared. The timer is unref'd (it never keeps a stopping process
 * alive); a failed sweep (the database away for a moment) is logged and the next one tries again.
 */
export const startOrphanSweep = (deps: SweepDeps, everyMs = ORPHAN_SWEEP_EVERY_MS): NodeJS.Timeout => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrphanUploads(deps)
      .catch((error: unknown) => {
        recoverFrom(deps.db, error);
        serverLog().error(
          { event: 'upload_sweep_failed', error: errorForLog(error) },
          'orphan upload sweep failed',
        );
      })
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return timer.unref();
};
