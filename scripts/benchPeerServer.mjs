#!/usr/bin/env node
// The peer of `npm run bench` (docs/benchmarks.md: The peer): a minimal better-auth server, email and password only,
// on the Postgres given in DATABASE_URL, listening on PORT. Plain JavaScript run by Node, as our compiled server runs
// (no TypeScript compiler in either process). Built as better-auth's documentation builds one, its defaults kept:
// the drizzle adapter over postgres.js (the driver our server uses, 5 connections as our DATABASE_POOL_SIZE default),
// sessions in the database (no cookie cache: every session read asks the database), no join (a session read is its
// two statements). Changed from the defaults, for a like-for-like comparison only: the password hash is argon2id
// through @node-rs/argon2 with its default cost, as ours (server/security/passwords.ts) instead of better-auth's
// scrypt; its in-memory rate limit is off (the logins come from one address, as our bench server runs without
// limits); telemetry off. Creates its four tables and an account for each address of PEER_EMAILS (comma-separated)
// with PEER_PASSWORD at start, then prints `peer listening` on stdout.
import { createServer } from 'node:http';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { toNodeHandler } from 'better-auth/node';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';

const { DATABASE_URL, PORT, PEER_EMAILS, PEER_PASSWORD } = process.env;
if (!DATABASE_URL || !PORT || !PEER_EMAILS || !PEER_PASSWORD) {
  console.error('[peer] DATABASE_URL, PORT, PEER_EMAILS and PEER_PASSWORD are needed');
  process.exit(1);
}

// better-auth's core schema (its CLI generates the same four tables and indexes).
const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull(),
  image: text('image'),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
const session = pgTable('session', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at').notNull(),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  userId: text('user_id').notNull(),
});
const account = pgTable('account', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at'),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at'),
  scope: text('scope'),
  password: text('password'),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  createdAt: timestamp('created_at'),
  updatedAt: timestamp('updated_at'),
});

const client = postgres(DATABASE_URL, {
  max: 5,
  connection: { application_name: 'better-auth-peer' },
  onnotice: () => {},
});
await client.unsafe(`
  create table if not exists "user" (id text primary key, name text not null, email text not null unique,
    email_verified boolean not null, image text, created_at timestamp not null, updated_at timestamp not null);
  create table if not exists session (id text primary key, expires_at timestamp not null, token text not null unique,
    created_at timestamp not null, updated_at timestamp not null, ip_address text, user_agent text,
    user_id text not null references "user"(id) on delete cascade);
  create index if not exists session_user_id_idx on session (user_id);
  create table if not exists account (id text primary key, account_id text not null, provider_id text not null,
    user_id text not null references "user"(id) on delete cascade, access_token text, refresh_token text,
    id_token text, access_token_expires_at timestamp, refresh_token_expires_at timestamp, scope text,
    password text, created_at timestamp not null, updated_at timestamp not null);
  create index if not exists account_user_id_idx on account (user_id);
  create table if not exists verification (id text primary key, identifier text not null, value text not null,
    expires_at timestamp not null, created_at timestamp, updated_at timestamp);
  create index if not exists verification_identifier_idx on verification (identifier);
`);

const baseURL = `http://127.0.0.1:${PORT}`;
const auth = betterAuth({
  baseURL,
  trustedOrigins: [baseURL, `http://localhost:${PORT}`],
  secret: 'the-peer-of-the-benchmark-not-a-secret-0123456789',
  database: drizzleAdapter(drizzle(client), {
    provider: 'pg',
    schema: { user, session, account, verification },
  }),
  emailAndPassword: {
    enabled: true,
    password: {
      hash: (password) => hash(password),
      verify: ({ hash: stored, password }) => verify(stored, password),
    },
  },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
});

for (const email of PEER_EMAILS.split(',')) {
  const [existing] = await client`select id from "user" where email = ${email}`;
  if (!existing) await auth.api.signUpEmail({ body: { email, password: PEER_PASSWORD, name: 'Peer' } });
}

const server = createServer(toNodeHandler(auth));
server.keepAliveTimeout = 5_000;
server.listen(Number(PORT), () => console.log('peer listening'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    void client.end({ timeout: 1 }).finally(() => process.exit(0));
  });
}
