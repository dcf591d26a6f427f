/**
 * The server project's setup (vitest.config.ts): notes whether a test file opened a PGlite database, and fails a file
 * that did and is listed nowhere in server/test/databaseSuites.ts, so that a new database test is neither left out of
 * the Postgres run silently nor run there without a word. Only in a run on PGlite (`npm test`): the Postgres run
 * takes its files from those lists. It also hands the run's migrated PGlite template to the database client.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, inject } from 'vitest';
import { startMemoryDatabasesFrom } from '../db/client';
import { isListed } from './databaseSuites';

// Every `memory://` database of this file starts from the run's migrated template (server/test/pgliteTemplate.globalSetup.ts).
const template = inject('pgliteTemplateFile');
if (template) startMemoryDatabasesFrom(new Blob([readFileSync(template)]));

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Method = (this: PGlite, ...args: unknown[]) => unknown;
let opened = false;
// Every statement goes through one of these (Drizzle's PGlite session: query and transaction; migrations too).
for (const name of ['query', 'exec', 'transaction'] as const) {
  const methods = PGlite.prototype as unknown as Record<typeof name, Method>;
  const original = methods[name];
  methods[name] = function (this: PGlite, ...args: unknown[]) {
    opened = true;
    return original.apply(this, args);
  };
}

afterAll(() => {
  if (!opened || process.env.DATABASE_URL) return;
  const file = path
    .relative(ROOT, expect.getState().testPath ?? '')
    .split(path.sep)
    .join('/');
  if (!isListed(file))
    throw new Error(
      `${file} opens a database but server/test/databaseSuites.ts does not say whether it runs on Postgres too: ` +
        'add it to ON_POSTGRES, or to DATABASE_INDEPENDENT with the reason nothing it checks depends on the database',
    );
});
