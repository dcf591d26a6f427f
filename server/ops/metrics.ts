/**
 * The server's Prometheus metrics (prom-client; names in README 'Operating it'). Labels are route patterns,
 * statuses and small fixed sets of outcomes and kinds, never a raw path, an address or a user: the number of series
 * stays bounded whatever callers send. With WORKERS=n every worker counts its own, and GET /metrics answers the
 * whole server's sum (server/ops/clusterMetrics.ts).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import { eventLoopDelay, INERT_SAMPLE_MS } from './eventLoopDelay';
import { flushRequestLines } from './requestLines';
import { requestMetrics } from './requestMetrics';

export const registry = new Registry();
// The event loop's delay is sampled by a sampler of ours, once a second while the server has a connection
// (server/ops/eventLoopDelay.ts): prom-client's own, at its default of 10 ms, woke an idle process a hundred times a
// second (docs/benchmarks.md: The production process), and at any period it never stops.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: INERT_SAMPLE_MS });
/** Turns the event loop's sampling on and off: on from the server's first connection to its last one's close. */
export const sampleEventLoop = eventLoopDelay(registry);

// The request metrics (http_requests_total, http_request_duration_seconds) are counted with the request lines, in
// batches (server/ops/requestLines.ts); each scrape counts the requests pending first.
for (const metric of requestMetrics(flushRequestLines)) registry.registerMetric(metric as unknown as Metric);

export const LOGIN_OUTCOMES = [
  'success',
  'wrong_credentials',
  'code_required',
  'wrong_code',
  'locked',
  'rate_limited',
  'other',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

/**
 * How the sign-in was tried: a password (then perhaps a code), a passkey (no code is ever asked), or a magic link
 * (only for accounts without two-factor).
 */
export const LOGIN_METHODS = ['password', 'passkey', 'magic_link'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const logins = new Counter({
  name: 'account_logins_total',
  help: 'Logins by method (password, passkey, magic_link) and outcome',
  labelNames: ['method', 'outcome'] as const,
  registers: [registry],
});

export const lockoutsStarted = new Counter({
  name: 'account_lockouts_started_total',
  help: 'Lockouts started (an account, or an e-mail without an account, locked for the lock time)',
  labelNames: ['stage'] as const,
  registers: [registry],
});

export const twoFactorSetups = new Counter({
  name: 'account_two_factor_changes_total',
  help: 'Two-factor settings changed, by change (set_up: setup finished; recovery_codes_renewed)',
  labelNames: ['change'] as const,
  registers: [registry],
});

export const signUps = new Counter({
  name: 'account_sign_ups_total',
  help: 'Accounts created, by kind of sign-up',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const mails = new Counter({
  name: 'mail_deliveries_total',
  help: 'Mails handed to the transport, by template and result (sent, failed, retried, expired)',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

export const argon2InFlight = new Gauge({
  name: 'argon2_verifications_in_flight',
  help: 'Password verifications running now',
  registers: [registry],
});

export const argon2Duration = new Histogram({
  name: 'argon2_verification_duration_seconds',
  help: 'Time of one password verification',
  buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers: [registry],
});

/** Where the pool's use is read at each scrape (server/ops/poolUse.ts), once the database is open (main.ts). */
let poolSource: (() => Promise<Record<string, number>>) | undefined;
export const measurePoolWith = (source: typeof poolSource): void => {
  poolSource = source;
};

// Registered by being made; read only through the registry.
new Gauge({
  name: 'db_pool_connections',
  help: "The server's database connections by state (active, idle, max)",
  labelNames: ['state'] as const,
  // Read from the database, which every worker sees whole: the workers' numbers are one number, not a sum.
  aggregator: 'first',
  registers: [registry],
  async collect() {
    if (!poolSource) return;
    this.reset();
    try {
      for (const [state, count] of Object.entries(await poolSource())) this.set({ state }, count);
    } catch {
      // The database away: no numbers this time (the readiness probe says why).
    }
  },
});

/** Runs `work` counted as one argon2 verification. */
export const timedVerification = async <T>(work: () => Promise<T>): Promise<T> => {
  argon2InFlight.inc();
  const end = argon2Duration.startTimer();
  try {
    return await work();
  } finally {
    end();
    argon2InFlight.dec();
  }
};
