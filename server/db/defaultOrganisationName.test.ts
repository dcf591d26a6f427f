/**
 * docs/decisions/product.md: The default organisation is called Channels. Migration 0014 renames the default
 * organisation ('welcome', spec 9) from the old 'Welcome' to the platform's own name, and keeps any other name an
 * operator gave it (npm run brand). Each case brings a database to the migration before it, sets the name, and
 * applies the rest: on PGlite, and on the Postgres of scripts/pg-test.ts when DATABASE_URL is set.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORGANISATION_SUBDOMAIN } from '../../api/contract/limits';
import { projectPath } from '../projectPath';
import { throwawayPostgres } from '../test/throwawayPostgres';
import type { Database } from './client';
import { organisations } from './schema';

const MIGRATIONS = projectPath('server/db/migrations');
const RENAMING = '0014_default_organisation_name';

/** The migrations up to the renaming one, in a folder of their own: the database an older release left. */
let before = '';
beforeAll(() => {
  before = mkdtempSync(path.join(tmpdir(), 'migrations-before-'));
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === RENAMING);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
});
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** A database migrated up to `folder`'s last migration, and a way to apply the rest. */
interface Opened {
  db: Database;
  migrateTo: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

const open = async (): Promise<Opened> => {
  const server = process.env.DATABASE_URL ? await throwawayPostgres() : null;
  if (server) {
    const client = postgres(server.url, { max: 1, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema: { organisations } });
    return {
      db: db as unknown as Database,
      migrateTo: (folder) => migratePostgres(db, { migrationsFolder: folder }),
      close: async () => {
        await client.end({ timeout: 1 });
        await server.stop();
      },
    };
  }
  const client = new PGlite();
  const db = drizzlePglite(client, { schema: { organisations } });
  return {
    db: db as unknown as Database,
    migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
};

/** The default organisation's name after the migration, given its name before. */
const nameAfterMigration = async (nameBefore: string): Promise<string | undefined> => {
  const database = await open();
  try {
    await database.migrateTo(before);
    await database.db
      .insert(organisations)
      .values({ subdomain: DEFAULT_ORGANISATION_SUBDOMAIN, name: nameBefore, enforcesTwoFactor: false });
    await database.db
      .insert(organisations)
      .values({ subdomain: 'elsewhere', name: 'Welcome', enforcesTwoFactor: false });
    await database.migrateTo(MIGRATIONS);
    const [elsewhere] = await database.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.subdomain, 'elsewhere'));
    // Only the default organisation is renamed: another called 'Welcome' keeps its name.
    expect(elsewhere?.name).toBe('Welcome');
    const [found] = await database.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.subdomain, DEFAULT_ORGANISATION_SUBDOMAIN));
    return found?.name;
  } finally {
    await database.close();
  }
};

describe('the default organisation takes the platform name', () => {
  it("renames it from the old default 'Welcome' to 'Channels'", async () => {
    expect(await nameAfterMigration('Welcome')).toBe('Channels');
  });

  it('keeps the name an operator gave it', async () => {
    expect(await nameAfterMigration('Welcome Foundation')).toBe('Welcome Foundation');
    expect(await nameAfterMigration('welcome')).toBe('welcome');
  });
});
