/**
 * The CPU a password login spends beyond its argon2 verification on
 * PGlite or, with DATABASE_URL, on Postgres. In this one process: logins one after another through the app as the
 * server builds it (server/test/testApp.ts, no network), and as many argon2 verifications of the same hash alone;
 * the difference per call is what the login adds (routing, statements, cookie, JSON, and PGlite itself when it is
 * the database; Postgres's own work is in its own processes and not counted). Both are CPU time of this process
 * (every thread: argon2 runs off the main thread), so load from other processes inflates them less than wall time.
 * The rate limits are the production ones (server/rateLimit.ts DEFAULT_RATE_LIMITS; the login's allowance raised so
 * that the bench's hundreds of logins from one address are never refused): on Postgres they are counted in the
 * database as the server counts them there, so the login sends the statements a production login sends.
 * Only the server's work is counted: requests go straight to the app (not through the test client, whose OpenAPI
 * check of every answer is the suite's work, not a login's), and the log is the production one (JSON lines, at
 * info), written to a sink: serialising a line is a login's cost, the terminal's printing is not.
 * `npm run bench` calls it; `tsx scripts/benchLoginCpu.ts` runs it alone.
 */
import { readFileSync } from 'node:fs';
import { API_PATHS } from '../api/contract/paths';
import { createLogger, replaceLogger } from '../server/ops/logger';
import { DEFAULT_RATE_LIMITS } from '../server/rateLimit';
import { verifyPassword } from '../server/security/passwords';
import { createUser, DEFAULT_PASSWORD } from '../server/test/fixtures';
import { createTestApp } from '../server/test/testApp';

const WARM_UP = 10;
// Many: the main thread's time is read in ticks of 10 ms.
const ROUNDS = 300;

/**
 * CPU time of this process's main thread in ms (Linux: /proc, in clock ticks of 10 ms, so rounds must be many), or
 * null where /proc is not there. The login's own work (routing, statements, cookie, JSON, PGlite) runs there, argon2
 * does not (it runs on the libuv pool): the main thread's time is what a login adds, far less disturbed by other
 * processes' load than the difference of two whole-process times.
 */
const mainThreadMs = (): number | null => {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
};
const TICKS_PER_SECOND = 100;

interface Cpu {
  /** The whole process (every thread), per call. */
  process: number;
  /** The main thread alone, per call; null without /proc. */
  main: number | null;
}

const cpuMsOf = async (rounds: number, run: () => Promise<void>): Promise<Cpu> => {
  const started = process.cpuUsage();
  const mainStarted = mainThreadMs();
  for (let i = 0; i < rounds; i++) await run();
  const used = process.cpuUsage(started);
  const mainEnded = mainThreadMs();
  return {
    process: (used.user + used.system) / 1000 / rounds,
    main: mainStarted === null || mainEnded === null ? null : (mainEnded - mainStarted) / rounds,
  };
};

/**
 * CPU per login and per lone verification (whole process), and what a login adds beyond its verification, in
 * milliseconds: the main thread's difference where /proc tells it, else the whole process's.
 */
async function loginCpu(): Promise<{ login: number; verify: number; beyond: number; measuredBy: string }> {
  // The production limits: the login's is counted as in production, but never reached by the bench.
  const loginRule = { ...DEFAULT_RATE_LIMITS.login, max: Number.MAX_SAFE_INTEGER };
  const t = await createTestApp({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, login: loginRule } } });
  const restoreLog = replaceLogger(createLogger({ level: 'info', destination: { write: () => undefined } }));
  try {
    const { email, user } = await createUser(t.db, {}, t.clock.now());
    const passwordHash = user.passwordHash ?? '';
    const body = JSON.stringify({ email, pwd: DEFAULT_PASSWORD });
    // As a browser signs in: its own origin, a user agent, JSON and its length (a browser's fetch sends
    // Content-Length with a string body; without it the body-limit middleware reads the body through a stream of
    // its own, which a browser's login never makes the server do).
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      origin: t.config.siteUrl,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    };
    const login = async () => {
      const answer = await t.app.request(API_PATHS.login.path, { method: 'POST', headers, body });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
    };
    const verify = async () => {
      if (!(await verifyPassword(passwordHash, DEFAULT_PASSWORD))) throw new Error('verification failed');
    };
    await cpuMsOf(WARM_UP, login);
    await cpuMsOf(WARM_UP, verify);
    // Interleaved halves, so a change of load during the run weighs on both alike.
    const logins = [await cpuMsOf(ROUNDS / 2, login)];
    const verifies = [await cpuMsOf(ROUNDS / 2, verify)];
    logins.push(await cpuMsOf(ROUNDS / 2, login));
    verifies.push(await cpuMsOf(ROUNDS / 2, verify));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const perLogin = mean(logins.map((cpu) => cpu.process));
    const perVerify = mean(verifies.map((cpu) => cpu.process));
    const whole = { login: perLogin, verify: perVerify };
    if ([...logins, ...verifies].some((cpu) => cpu.main === null))
      return { ...whole, beyond: perLogin - perVerify, measuredBy: 'whole process' };
    const mainOf = (cpus: Cpu[]) => mean(cpus.map((cpu) => cpu.main ?? 0));
    return { ...whole, beyond: mainOf(logins) - mainOf(verifies), measuredBy: 'main thread' };
  } finally {
    restoreLog();
    await t.close();
  }
}

/**
 * The row `npm run bench` prints and writes to docs/benchmarks.md: on PGlite without `databaseUrl`, on that Postgres
 * server with it (each test app makes a database of its own there, server/test/testApp.ts).
 */
export async function loginCpuRow(databaseUrl?: string): Promise<[what: string, value: string]> {
  const outer = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  try {
    const cpu = await loginCpu();
    return [
      `CPU per password login beyond argon2 (${databaseUrl ? 'Postgres' : 'PGlite'}, this process)`,
      `${cpu.beyond.toFixed(2)} ms (${cpu.measuredBy}; the whole process: a login ${cpu.login.toFixed(2)} ms, a verification alone ${cpu.verify.toFixed(2)} ms)`,
    ];
  } finally {
    if (outer === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = outer;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await loginCpuRow(process.env.DATABASE_URL)).join(': '));
  process.exit(0);
}
