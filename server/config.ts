/**
 * Server settings, read once from the environment (server/main.ts) or built by tests (server/test/testApp.ts).
 *
 * Demo mode (default): demo data seeded, GET /api/dev/mailbox on. NODE_ENV=production turns both off and makes
 * cookies Secure.
 */
import { REMEMBERED_DEVICE_DAYS } from '../api/contract/limits';
import { type IdpEnvironmentSettings, isIdpProvider } from './idp/settings';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from './rateLimit';
import {
  BREACHED_PASSWORDS_TIMEOUT_DEFAULT_MS,
  type BreachedPasswordSettings,
} from './security/breachedPasswords';
import type { LockoutPolicy } from './security/lockout';
import type { SecretKeySettings } from './security/serverKey';
import { uploadBudgetBytesFrom } from './uploads';

export interface ServerConfig {
  production: boolean;
  /** Seed demo data at start (server/seed.ts). */
  demo: boolean;
  /** GET /api/dev/mailbox. Never in production. */
  mailbox: boolean;
  port: number;
  /** PGlite data directory (ignored when databaseUrl is set); uploads live under it too. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: Postgres connections each process holds at most (server/db/client.ts POOL_SIZE_DEFAULT). */
  databasePoolSize?: number;
  /** DATABASE_PREPARED_STATEMENTS=off: no named prepared statements, for a pooler in transaction mode. */
  databasePreparedStatements?: boolean;
  /** Where the site is, for links in mails: https://accounts.example.com, or http://localhost:5173/root in dev. */
  siteUrl: string;
  /** The platform's host for organisation and channel URLs (spec 2: {subdomain}.{host}). */
  platformHost: string;
  secureCookies: boolean;
  /** Origins besides the server's own allowed to make mutating calls (the Vite dev server in demo mode). */
  allowedOrigins: string[];
  /** Behind a reverse proxy: read the caller's address and host from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** ALLOWED_HOSTS: Host names (with port when not the default) answered besides SITE_URL's (server/http/hostCheck.ts). */
  allowedHosts?: string[];
  /**
   * Demo with SITE_URL left to its default (localhost): pages opened on 127.0.0.1 or [::1] are sent to localhost,
   * where passkeys and the organisation sign-in work (server/http/hostCheck.ts).
   */
  loopbackToSite?: boolean;
  /** HOST: the address to listen on (listenAddressFor); undefined: every interface. */
  listenHost?: string;
  sessionTtlMs: number;
  /** REMEMBERED_DEVICE_DAYS: how long 'Remember this device' skips the code (docs/decisions/security.md). */
  rememberedDeviceTtlMs: number;
  /** null: no rate limits. */
  rateLimits: RateLimitRules | null;
  /** WORKERS: server processes on one port (Postgres only: PGlite is one process). */
  workers: number;
  lockout: LockoutPolicy;
  /** Shown in authenticator apps next to the account. */
  totpIssuer: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Write a line per mail to the console (off in tests). */
  mailLog: boolean;
  /** Real Transloadit keys; without them this server signs and accepts uploads itself. */
  transloadit: { key: string; secret: string } | null;
  /** UPLOAD_BUDGET_MB in bytes: all stored upload files together (server/uploadQuota.ts); default when absent. */
  uploadBudgetBytes?: number;
  /** Identity-provider sign-in (server/idp): the environment's single organisation, the demo provider. */
  idp?: IdpConfig;
  /**
   * The server key and the older keys still accepted (server/security/serverKey.ts): SECRET_KEY (older name
   * IDP_SECRET_KEY) and SECRET_KEYS_PREVIOUS. Unset outside production: the public demo key.
   */
  secretKeys?: SecretKeySettings;
  /** METRICS_TOKEN: GET /metrics only with it as a bearer token; unset: open in demo mode, off in production. */
  metricsToken?: string;
  /** PWNED_PASSWORDS_URL (+ _TIMEOUT_MS): the breached-password check's range service; unset: no check. */
  breachedPasswords?: BreachedPasswordSettings;
}

export interface IdpConfig {
  /** IDP_ORGANISATION, IDP_PROVIDER, IDP_ISSUER, IDP_CLIENT_ID, IDP_CLIENT_SECRET, IDP_ALLOWED_DOMAINS. */
  environment?: IdpEnvironmentSettings;
  /** Run the demo OpenID provider on this server (server/idp/demoProvider.ts); never in production. */
  demoProvider?: boolean;
}

const HOUR = 60 * 60 * 1000;
export const SESSION_TTL_MS = 14 * 24 * HOUR;
/** docs/decisions/security.md 'Remember this device': 30 days unless REMEMBERED_DEVICE_DAYS says otherwise (1-365). */
export const REMEMBERED_DEVICE_TTL_MS = REMEMBERED_DEVICE_DAYS * 24 * HOUR;
const rememberedDeviceTtlFrom = (days: string | undefined): number => {
  const n = Math.floor(Number(days));
  return Number.isFinite(n) && n >= 1 && n <= 365 ? n * 24 * HOUR : REMEMBERED_DEVICE_TTL_MS;
};
/** docs/decisions/security.md 'Lockout': 10 failures per calling address and account, 50 per account, in an hour. */
export const DEFAULT_LOCKOUT: LockoutPolicy = {
  maxFailures: 50,
  maxFailuresPerAddress: 10,
  windowMs: HOUR,
  lockMs: HOUR,
};
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const flag = (value: string | undefined): boolean => value === '1' || value === 'true';

/** The environment's single organisation, when IDP_ORGANISATION and the provider's settings are all given. */
const idpFromEnvironment = (env: NodeJS.ProcessEnv): IdpEnvironmentSettings | undefined => {
  const { IDP_ORGANISATION, IDP_PROVIDER, IDP_ISSUER, IDP_CLIENT_ID, IDP_CLIENT_SECRET } = env;
  if (!IDP_ORGANISATION) return undefined;
  if (!IDP_PROVIDER || !isIdpProvider(IDP_PROVIDER) || !IDP_ISSUER || !IDP_CLIENT_ID || !IDP_CLIENT_SECRET) {
    throw new Error(
      'IDP_ORGANISATION needs IDP_PROVIDER (azure or okta), IDP_ISSUER, IDP_CLIENT_ID, IDP_CLIENT_SECRET',
    );
  }
  return {
    subdomain: IDP_ORGANISATION,
    provider: IDP_PROVIDER,
    issuer: IDP_ISSUER,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
    allowedDomains: list(env.IDP_ALLOWED_DOMAINS),
    enabled: true,
  };
};

/**
 * Where the server listens (HOST, else this default): demo mode only on the loopback interface, since it hands out
 * a public password, an open mailbox and a provider that takes any password (docs/decisions/security.md: Hosts and listen
 * address); production on every interface (undefined), as a server behind a proxy or in a container needs.
 */
export const listenAddressFor = (env: NodeJS.ProcessEnv, production: boolean): string | undefined =>
  env.HOST?.trim() || (production ? undefined : '127.0.0.1');

/**
 * SECRET_KEY, else its older name IDP_SECRET_KEY; an IDP_SECRET_KEY left beside a different SECRET_KEY is an
 * older key (docs/decisions/security.md: Server key and rotation).
 */
const secretKeysFromEnvironment = (env: NodeJS.ProcessEnv): SecretKeySettings => {
  const current = env.SECRET_KEY || env.IDP_SECRET_KEY || undefined;
  const former = env.SECRET_KEY && env.IDP_SECRET_KEY !== env.SECRET_KEY ? env.IDP_SECRET_KEY : undefined;
  return { current, previous: [...list(env.SECRET_KEYS_PREVIOUS), ...(former ? [former] : [])] };
};

/** DATABASE_POOL_SIZE: a whole number of connections from 1; absent: the default (server/db/client.ts). */
const poolSizeFrom = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1, not "${value}"`);
  return size;
};

/** DATABASE_PREPARED_STATEMENTS: on (default) or off; anything else is a mistake said at start. */
const preparedStatementsFrom = (value: string | undefined): boolean => {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`DATABASE_PREPARED_STATEMENTS must be on or off, not "${value}"`);
};

/** PWNED_PASSWORDS_URL (http or https) and PWNED_PASSWORDS_TIMEOUT_MS (1-10000); a mistake is said at start. */
const breachedPasswordsFrom = (env: NodeJS.ProcessEnv): BreachedPasswordSettings | undefined => {
  const url = env.PWNED_PASSWORDS_URL;
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`PWNED_PASSWORDS_URL must be an http or https address, not "${url}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`PWNED_PASSWORDS_URL must be an http or https address, not "${url}"`);
  const given = env.PWNED_PASSWORDS_TIMEOUT_MS;
  const timeoutMs = given ? Number(given) : BREACHED_PASSWORDS_TIMEOUT_DEFAULT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 10_000)
    throw new Error(`PWNED_PASSWORDS_TIMEOUT_MS must be a whole number from 1 to 10000, not "${given}"`);
  return { url, timeoutMs };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const transloadit =
    env.TRANSLOADIT_KEY && env.TRANSLOADIT_SECRET
      ? { key: env.TRANSLOADIT_KEY, secret: env.TRANSLOADIT_SECRET }
      : null;
  return {
    production,
    demo: !production,
    mailbox: !production,
    port,
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSizeFrom(env.DATABASE_POOL_SIZE),
    databasePreparedStatements: preparedStatementsFrom(env.DATABASE_PREPARED_STATEMENTS),
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    platformHost: env.PLATFORM_HOST ?? `localhost:${port}`,
    secureCookies: production || flag(env.SECURE_COOKIES),
    allowedOrigins: [...list(env.ALLOWED_ORIGINS), ...(production ? [] : DEV_SERVER_ORIGINS)],
    trustProxy: flag(env.TRUST_PROXY),
    allowedHosts: list(env.ALLOWED_HOSTS),
    loopbackToSite: !production && env.SITE_URL === undefined,
    listenHost: listenAddressFor(env, production),
    sessionTtlMs: SESSION_TTL_MS,
    rememberedDeviceTtlMs: rememberedDeviceTtlFrom(env.REMEMBERED_DEVICE_DAYS),
    rateLimits: env.RATE_LIMITS === 'off' ? null : DEFAULT_RATE_LIMITS,
    workers: Math.max(1, Math.floor(Number(env.WORKERS ?? 1)) || 1),
    lockout: DEFAULT_LOCKOUT,
    totpIssuer: env.TOTP_ISSUER ?? 'Account',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Account <no-reply@localhost>',
    mailLog: true,
    transloadit,
    uploadBudgetBytes: uploadBudgetBytesFrom(env.UPLOAD_BUDGET_MB),
    secretKeys: secretKeysFromEnvironment(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    breachedPasswords: breachedPasswordsFrom(env),
    idp: {
      environment: idpFromEnvironment(env),
      demoProvider: !production,
    },
  };
};
