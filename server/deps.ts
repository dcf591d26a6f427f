/** What the app is built from (createApp in app.ts): all of it injectable, so tests control time and mail. */
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { users } from './db/schema';
import type { MailTransport } from './mail/transport';
import type { LoginOutcome } from './ops/metrics';
import type { RateLimiter } from './rateLimit';

export interface AppDeps {
  db: Database;
  /** Delivers mail after it is written to the outbox (SMTP, or nothing: outbox and log only). */
  mailer: MailTransport;
  clock: Clock;
  config: ServerConfig;
  rateLimiter: RateLimiter;
}

export type UserRow = typeof users.$inferSelect;

/** Hono environment of every route: `c.var.user` is set by the `authenticated` middleware (sessions.ts). */
export interface AppEnv {
  Variables: {
    user: UserRow;
    sessionIdHash: string;
    /** Set by the login route through server/ops/loginOutcome.ts. */
    loginOutcome?: LoginOutcome;
  };
}
