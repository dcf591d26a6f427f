/**
 * The server test harness: the real app on a fresh database, a manual clock, no delivery of mail, and no rate
 * limits (unless a test asks). In-memory PGlite by default; with DATABASE_URL set, a throwaway Postgres database
 * per app (created here, dropped on close), so the same suite runs on both (ARCHITECTURE.md 7).
 *
 * Typical use, one app per file and a clean database per test:
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   beforeEach(() => t.reset());
 *   afterAll(() => t.close());
 */
import { randomBytes } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Hono } from 'hono';
import postgres from 'postgres';
import { createApp } from '../app';
import { type ManualClock, manualClock } from '../clock';
import { DEFAULT_LOCKOUT, REMEMBERED_DEVICE_TTL_MS, SESSION_TTL_MS, type ServerConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import * as schema from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import type { MailTransport, OutgoingMail } from '../mail/transport';
import { DatabaseRateLimiter, rateLimiterFor } from '../rateLimit';
import { linksOf } from '../routes/dev';
import { TestClient } from './testClient';

export { TestClient } from './testClient';

/** The fixed start of every test's clock (a Thursday morning, UTC). */
export const TEST_START = Date.UTC(2026, 0, 15, 9, 0, 0);

export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  production: false,
  demo: false,
  mailbox: true,
  port: 0,
  dataDir: 'memory://',
  databaseUrl: undefined,
  siteUrl: 'http://site.test',
  platformHost: 'platform.test',
  secureCookies: false,
  allowedOrigins: ['http://site.test'],
  trustProxy: false,
  sessionTtlMs: SESSION_TTL_MS,
  rememberedDeviceTtlMs: REMEMBERED_DEVICE_TTL_MS,
  rateLimits: null,
  workers: 1,
  lockout: DEFAULT_LOCKOUT,
  totpIssuer: 'Account test',
  smtpUrl: undefined,
  mailFrom: 'test@localhost',
  mailLog: false,
  transloadit: null,
  ...overrides,
});

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: Date;
  /** Which mail it is, and the language it was written in. */
  template: string;
  locale: string;
}

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  db: Database;
  clock: ManualClock;
  config: ServerConfig;
  /** On Postgres, this app's own database (a second connection to it stands for another process); else none. */
  databaseUrl: string | undefined;
  /** Mails handed to the transport, oldest first (the outbox table has them too). */
  delivered: OutgoingMail[];
  /** A client with its own cookie jar. */
  client: (defaultHeaders?: Record<string, string>) => TestClient;
  /** Mails sent to an address, newest first, straight from the outbox. */
  mailbox: (to: string) => Promise<MailboxEntry[]>;
  /** The newest mail to an address and its first link (throws when there is none). */
  lastLink: (to: string) => Promise<string>;
  /** Empties every table, rewinds the clock and forgets rate-limit counts. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>;
  /** Replaces the recording transport (e.g. one that fails). */
  mailer?: MailTransport;
  /**
   * Counts the rate limits in the database also on PGlite, as the server counts them on Postgres (the default is
   * the server's own choice: in the database with DATABASE_URL, else in memory).
   */
  rateLimitsInDatabase?: boolean;
}

const TABLES: PgTable[] = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [value] : []));

export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const config = testConfig(options.config);
  const database = await openTestDatabase();
  const clock = manualClock(TEST_START);
  const delivered: OutgoingMail[] = [];
  const mailer: MailTransport = options.mailer ?? { deliver: async (mail) => void delivered.push(mail) };
  // On Postgres (scripts/pg-test.sh) the limits are counted in the database, as the server counts them there.
  const rateLimiter = options.rateLimitsInDatabase
    ? new DatabaseRateLimiter(database.db, config.rateLimits, clock)
    : rateLimiterFor(
        { rateLimits: config.rateLimits, databaseUrl: process.env.DATABASE_URL },
        database.db,
        clock,
      );
  // Its thread starts only when a test judges a password; close() ends it.
  const deps: AppDeps = { db: database.db, mailer, clock, config, rateLimiter };
  const app = createApp(deps);

  const mailbox = async (to: string): Promise<MailboxEntry[]> => {
    const rows = await database.db
      .select()
      .from(schema.mailOutbox)
      .where(sql`lower(${schema.mailOutbox.to}) = lower(${to})`)
      .orderBy(sql`${schema.mailOutbox.sentAt} desc, ${schema.mailOutbox.id} desc`);
    return rows.map((row) => ({ ...row, links: linksOf(row.text, row.html) }));
  };

  return {
    app,
    deps,
    db: database.db,
    clock,
    config,
    databaseUrl: database.url,
    delivered,
    client: (headers = {}) => new TestClient(app, headers),
    mailbox,
    lastLink: async (to) => {
      const link = (await mailbox(to))[0]?.links[0];
      if (!link) throw new Error(`no mail with a link to ${to}`);
      return link;
    },
    reset: async () => {
      const names = TABLES.map((table) => `"${getTableName(table)}"`).join(', ');
      await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
      clock.set(TEST_START);
      await rateLimiter.reset();
      delivered.length = 0;
    },
    close: async () => {
      await database.close();
    },
  };
};

interface TestDatabase {
  db: Database;
  url?: string;
  close: () => Promise<void>;
}

const openTestDatabase = async (): Promise<TestDatabase> => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { db: handle.db, close: handle.close };
  }
  // A database of its own per app: test files run in parallel and must not see each other's rows.
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: databaseUrl.href });
  return {
    db: handle.db,
    url: databaseUrl.href,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
};
