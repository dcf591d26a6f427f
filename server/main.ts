/**
 * `npm start` (scripts/start.mjs runs this through tsx): the site at /, the API at /api, one port.
 *
 * Demo mode unless NODE_ENV=production: demo data seeded (server/seed.ts), GET /api/dev/mailbox on.
 * Production: neither, and session cookies are Secure. Settings: see server/config.ts (PORT, DATA_DIR,
 * DATABASE_URL, SITE_URL, SMTP_URL, ...).
 */
import cluster from 'node:cluster';
import { createApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase, POOL_SIZE_DEFAULT } from './db/client';
import type { AppDeps } from './deps';
import { stopGracefully } from './http/gracefulStop';
import { listen, SERVER_TIMEOUTS } from './http/nodeServer';
import { startOutboxRetries } from './mail/outbox';
import { forgetMailBodies } from './mail/send';
import { createMailTransport } from './mail/transport';
import { serveClusterMetrics } from './ops/clusterMetrics';
import { serverLog } from './ops/logger';
import { measurePoolWith, sampleEventLoop } from './ops/metrics';
import { poolUseOf } from './ops/poolUse';
import { assertProductionSettings, ProductionSettingsError } from './ops/productionSettings';
import { pageProfile } from './pageProfile';
import { projectPath } from './projectPath';
import { publicFetch } from './publicFetch';
import { rateLimiterFor } from './rateLimit';
import { startRetentionSweep } from './retentionSweep';
import { formPostAnswers } from './routes/formPosts';
import { sealSecretsAtStart } from './security/atRest';
import { setCountKeys } from './security/countKeys';
import { keyRingOf, ServerKeyError } from './security/serverKey';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed';
import { serveSite } from './site';
import { startOrphanSweep } from './uploadSweep';

/** The database as the settings say: Postgres with its pool (DATABASE_POOL_SIZE, DATABASE_PREPARED_STATEMENTS), else PGlite. */
const databaseOptionsOf = (config: ReturnType<typeof loadConfig>) => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
});

const DIST_DIR = projectPath('dist');

/**
 * WORKERS=n on Postgres: this process migrates and seeds once, then forks n workers that share the port
 * (node:cluster) and the database, where everything they must agree on lives (sessions, tokens, lockout, rate
 * limits). PGlite is one process: asked for more, the server says so and runs one.
 */
const startWorkers = async (config: ReturnType<typeof loadConfig>) => {
  const database = await openDatabase(databaseOptionsOf(config));
  await sealSecretsAtStart(database.db, keyRingOf(config));
  if (config.demo) {
    await seedDemoData(database.db, { config, clock: systemClock, mailer: createMailTransport(config) });
    // The demo provider's module only in demo mode: production never loads it (server/publicFetch.ts).
    const { seedDemoIdentityProviders } = await import('./idp/demoProvider');
    await seedDemoIdentityProviders(database.db, config, systemClock.now());
  }
  if (!config.mailbox) await forgetMailBodies(database.db);
  await database.close();
  serverLog().info(`${config.workers} workers on port ${config.port} (Postgres)`);
  // GET /metrics on any worker answers the sum of all workers (server/ops/clusterMetrics.ts).
  serveClusterMetrics();
  for (let index = 0; index < config.workers; index += 1) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (code !== 0)
      serverLog().error({ event: 'worker_exited', worker: worker.process.pid, code }, 'worker exited');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code ?? 0);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  // SIGHUP: a rolling restart (docs/decisions/operations.md: Rolling restart).
  let rolling = false;
  process.on('SIGHUP', () => {
    if (rolling) return;
    rolling = true;
    void replaceWorkers().finally(() => {
      rolling = false;
    });
  });
};

/**
 * Replaces the workers one at a time: a new one first, and only once it listens is an old one stopped gracefully
 * (server/http/gracefulStop.ts: it finishes its calls in flight while the others take the new connections). At no
 * moment does the port have fewer than `WORKERS` processes taking connections, so a request is never refused.
 */
const replaceWorkers = async (): Promise<void> => {
  const log = serverLog();
  for (const old of Object.values(cluster.workers ?? {})) {
    if (!old) continue;
    const fresh = cluster.fork();
    await new Promise<void>((resolve, reject) => {
      fresh.once('listening', () => resolve());
      fresh.once('exit', (code) => reject(new Error(`a new worker exited with ${code} before it listened`)));
    }).catch((error: unknown) => {
      log.error({ event: 'rolling_restart_failed', error: String(error) }, 'rolling restart stopped');
      throw error;
    });
    const stopped = new Promise((resolve) => old.once('exit', resolve));
    old.kill('SIGTERM');
    await stopped;
    log.info({ event: 'worker_replaced', old: old.process.pid, fresh: fresh.process.pid }, 'worker replaced');
  }
  log.info({ event: 'rolling_restart_done' }, 'rolling restart done');
};

const main = async () => {
  const config = loadConfig();
  // Everything production still needs, in one message (server/ops/productionSettings.ts).
  assertProductionSettings(process.env, config);
  if (config.production && !config.secureCookies) throw new Error('production requires Secure cookies');
  // The server key is checked before anything else: production without SECRET_KEY stops here, with one sentence.
  // Every process keys its counting rows by it (security/countKeys.ts), so all count on the same rows.
  setCountKeys(keyRingOf(config));
  if (config.workers > 1 && !config.databaseUrl)
    serverLog().warn('WORKERS needs Postgres (DATABASE_URL): PGlite is one process, so one process runs');
  if (config.workers > 1 && config.databaseUrl && cluster.isPrimary) return startWorkers(config);

  const database = await openDatabase(databaseOptionsOf(config));
  const clock = systemClock;
  measurePoolWith(poolUseOf(database, config.workers, config.databasePoolSize ?? POOL_SIZE_DEFAULT));
  const mailer = createMailTransport(config);
  const deps: AppDeps = {
    db: database.db,
    mailer,
    clock,
    config,
    rateLimiter: rateLimiterFor(config, database.db, clock),
  };
  // Workers start on a database their primary has already sealed and seeded (docs/decisions/security.md: Server key and
  // rotation).
  if (cluster.isPrimary) await sealSecretsAtStart(database.db, keyRingOf(config));
  if (config.demo && cluster.isPrimary) {
    await seedDemoData(database.db, { config, clock, mailer });
    const { seedDemoIdentityProviders } = await import('./idp/demoProvider');
    await seedDemoIdentityProviders(database.db, config, clock.now());
  }
  // Without the dev mailbox no mail body stays at rest, not even one kept before (docs/decisions/security.md: Tokens at rest).
  if (!config.mailbox && cluster.isPrimary) await forgetMailBodies(database.db);

  // REQUEST_LAYER=switchable, demo mode only: SIGUSR2 turns the request lines and request metrics off and on again,
  // so `npm run bench` measures what they cost the session-read and login figures in one process
  // (scripts/benchOpsCost.ts).
  let requestLayerOn = true;
  const switchable = config.demo && process.env.REQUEST_LAYER === 'switchable';
  if (switchable)
    process.on('SIGUSR2', () => {
      requestLayerOn = !requestLayerOn;
    });
  const app = createApp(deps, { requestLayerOn: switchable ? () => requestLayerOn : undefined });
  serveSite(app, DIST_DIR, {
    production: config.production,
    // The build's own settings (VITE_*), read again here so the CSP allows exactly what the build loads.
    csp: {
      sentryDsn: process.env.VITE_SENTRY_DSN,
      chatSupport: process.env.VITE_CHAT_SUPPORT,
      transloadit: config.transloadit !== null,
    },
    site: { origin: config.siteUrl, platformHost: config.platformHost },
    signedInProfile: pageProfile(deps),
    formPosts: formPostAnswers(deps),
    rememberedDeviceDays: Math.round(config.rememberedDeviceTtlMs / (24 * 60 * 60 * 1000)),
  });

  // The journeys' conformance check (server/openapi/conformanceLog.ts); never in production.
  const conformanceLog = process.env.OPENAPI_CONFORMANCE_LOG;
  const appFetch =
    conformanceLog && !config.production
      ? (await import('./openapi/conformanceLog')).withConformanceLog(app.fetch, conformanceLog)
      : app.fetch;
  // Only the site's own hosts, then the demo OpenID provider under /idp-demo in demo mode (server/publicFetch.ts).
  const fetch = await publicFetch(config, appFetch);
  const demoIdpLogin = config.demo ? (await import('./idp/demoProvider')).DEMO_IDP_LOGIN : '';

  // Time-outs on headers, whole requests and idle connections (server/http/nodeServer.ts); the event loop's delay is
  // sampled while the server has a connection (server/ops/eventLoopDelay.ts).
  const server = listen(
    fetch,
    { port: config.port, hostname: config.listenHost },
    (info) => {
      if (cluster.isWorker) return; // the primary has said where the site is
      const where = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
      const log = serverLog();
      log.info(`Account site and API on ${config.siteUrl} (${where})`);
      // Demo mode listens on loopback only unless HOST says otherwise (server/config.ts listenAddressFor).
      log.info(`Listening on ${config.listenHost ?? 'every interface'}, port ${info.port}`);
      if (config.mailbox) log.info(`Mailbox: ${config.siteUrl}/api/dev/mailbox?to=<email>`);
      if (config.demo) {
        log.info(`Demo accounts (password "${DEMO_PASSWORD}"):`);
        for (const account of DEMO_ACCOUNTS) log.info(`  ${account.email.padEnd(24)} ${account.purpose}`);
        log.info(
          `Sign in with your organisation: oktademo or azuredemo, then log in as "${demoIdpLogin}" (any password)`,
        );
      }
    },
    SERVER_TIMEOUTS,
    sampleEventLoop,
  );

  // Orphaned uploads go on a timer in every process, with or without new uploads (server/uploadSweep.ts).
  const orphanSweep = startOrphanSweep(deps);
  // Mail the SMTP server did not take is tried again from the outbox, in every process (server/mail/outbox.ts).
  const outboxRetries = startOutboxRetries(deps);
  // Old mails and finished counting windows go on a timer in every process (server/retentionSweep.ts).
  const retentionSweep = startRetentionSweep(deps);

  // Stop taking connections, finish the calls in flight (bounded), close the database, exit 0
  // (server/http/gracefulStop.ts); a second signal does not start a second stop.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(orphanSweep);
    clearInterval(outboxRetries);
    clearInterval(retentionSweep);
    void stopGracefully(server, () => database.close()).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error: unknown) => {
  // A missing or malformed key is the operator's to fix: the message says which variable, no stack trace.
  const plain = error instanceof ServerKeyError || error instanceof ProductionSettingsError;
  // The one line an operator reads when the server never started (as scripts/start.mjs writes its own): plain
  // text on stderr, not a log line, so it reads the same in a terminal and a unit's journal.
  console.error('[server] failed to start:', plain ? error.message : error);
  process.exit(1);
});
