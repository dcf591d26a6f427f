import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../freePort';

/**
 * The reference server as `npm start` runs it (demo data, dev mailbox), over a fresh embedded database in a
 * temporary folder, serving the production build in dist/. Journeys run against it in Chromium.
 * With `production`, as a deployment runs it instead (test/rehearsal): the compiled server (dist-server/main.mjs),
 * NODE_ENV=production, rate limits on, no conformance log (the server ignores it there); the caller gives the rest
 * (DATABASE_URL, SMTP_URL, ...).
 */
export async function startRealServer({
  checkConformance = true,
  env = {},
  production = false,
  host = '127.0.0.1',
  port: givenPort,
  logFile,
  compile = production,
}: {
  /** Check every answer against the OpenAPI document (the journeys); benchmarks measure the server without it. */
  checkConformance?: boolean;
  /** More settings (DATABASE_URL for Postgres). */
  env?: Record<string, string>;
  /** Run as production does (NODE_ENV=production, limits on). */
  production?: boolean;
  /** The host name in the site's URL (SITE_URL); the server listens on every interface. */
  host?: string;
  /** A port chosen beforehand (when other services must know the site's URL before it starts). */
  port?: number;
  /**
   * Where the server's stdout (its log) goes, instead of this process (benchmarks: a log pipeline reads it in
   * another process, not in the one measuring); `output()` then holds stderr only.
   */
  logFile?: string;
  /** Compile the production server first (false: a start beside another that has just compiled it). */
  compile?: boolean;
} = {}): Promise<{
  url: string;
  /** The server's process (with WORKERS, the primary): for signals. */
  pid: number;
  stop: () => Promise<void>;
  /** The answers that did not fit docs/openapi.json so far (server/openapi/conformanceLog.ts), one per line. */
  conformanceViolations: () => string[];
  /** What the server printed so far. */
  output: () => string;
}> {
  const port = givenPort ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'account-e2e-'));
  const url = `http://${host}:${port}`;
  const conformanceLog = join(mkdtempSync(join(tmpdir(), 'account-openapi-')), 'violations.jsonl');
  const logFd = logFile ? openSync(logFile, 'a') : undefined;
  // Production runs the server as `npm run build` compiles it and `npm start` runs it (scripts/buildServer.mjs),
  // compiled afresh here (a second or two); the demo server runs its sources through tsx, as a demo start does.
  if (production && compile) execFileSync(process.execPath, ['scripts/buildServer.mjs'], { stdio: 'ignore' });
  const entry = production ? ['dist-server/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      NODE_ENV: production ? 'production' : 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      // As `npm start` has it: organisations and channels are subdomains of localhost (127.0.0.1 has none).
      PLATFORM_HOST: `localhost:${port}`,
      // Journeys log in many times from one address; the limits have their own server tests.
      ...(production ? {} : { RATE_LIMITS: 'off' }),
      // Every answer the journeys receive is checked against the OpenAPI document.
      ...(checkConformance && !production ? { OPENAPI_CONFORMANCE_LOG: conformanceLog } : {}),
      ...env,
    },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // Behind a site address of its own (SITE_URL given: one of several instances behind a balancer), the server
  // answers other hosts only on its health probes, so readiness is asked as a balancer asks it.
  const readyUrl =
    env.SITE_URL && env.SITE_URL !== url ? `${url}/health/ready` : `${url}/api/translation?locale=en-US`;
  // Generous: with the machine busy (builds, other journeys) a cold start has taken over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const answer = await fetch(readyUrl);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start within 180 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    /** The server's process (with WORKERS, the primary): for signals. */
    pid: child.pid ?? 0,
    output: () => output,
    conformanceViolations: () =>
      existsSync(conformanceLog) ? readFileSync(conformanceLog, 'utf8').split('\n').filter(Boolean) : [],
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
