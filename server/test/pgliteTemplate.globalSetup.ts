/**
 * The server project's global setup (vitest.config.ts): one migrated in-memory PGlite, dumped to a file of this run,
 * that every test's `memory://` database starts from (server/db/client.ts startMemoryDatabasesFrom, called by
 * server/test/databaseUse.setup.ts). Made from the migrations of this checkout each run, so it never lags them.
 * Not on Postgres: each test database there is created and migrated as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedMemoryDatabase } from '../db/client';

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await dumpMigratedMemoryDatabase()).arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile?: string;
  }
}
