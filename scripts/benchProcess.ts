/**
 * The production process as `npm start` runs it (docs/benchmarks.md: The production process), on Postgres: the
 * server compiled by `npm run build` (dist-server/main.mjs) beside the same sources run through tsx, as production
 * started before. For each, alternated ROUNDS times: the time from the process's start to its first answer, its
 * resident memory idle (VmRSS, after SETTLE_MS and IDLE_MS with nothing to do), and while idle the CPU it used and how often its
 * threads woke (context switches of every thread, from /proc). Production settings as a deployment gives them: a
 * server key, an SMTP server (a port nobody listens on: no mail is sent while idle), SITE_URL on loopback.
 * Run alone: `npm run bench:process` (a throwaway cluster); `npm run bench` adds its rows.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { throwawayPostgres } from '../server/test/throwawayPostgres';
import { freePort } from '../test/freePort';

const ROUNDS = 3;
const IDLE_MS = 10_000;
const SETTLE_MS = 25_000;
/** Clock ticks a second, for /proc's CPU times. */
const TICKS = 100;

interface Sample {
  readyMs: number;
  /** CPU seconds the process used until its first answer: less moved by a busy machine than the wall time. */
  readyCpuS: number;
  rssMiB: number;
  idleCpuPercent: number;
  wakeupsPerSecond: number;
}

/** Every thread's context switches and the process's CPU ticks, from /proc. */
const activity = (pid: number) => {
  let switches = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
    for (const match of status.matchAll(/(?:non)?voluntary_ctxt_switches:\s+(\d+)/g))
      switches += Number(match[1]);
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { switches, ticks: Number(fields[11]) + Number(fields[12]) };
};

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function sample(entry: string[], databaseUrl: string): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let readyMs = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
      try {
        // By SITE_URL's host: production answers only the site's own hosts (server/http/hostCheck.ts).
        if ((await fetch(`http://localhost:${port}/api/translation?locale=en-US`)).ok) {
          readyMs = performance.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pid = child.pid ?? 0;
    const readyCpuS = activity(pid).ticks / TICKS;
    // Settle, then measure a quiet stretch: the first answer's work and the pool's connections; the first answer's
    // kept-alive connection closed by the server's 5 s keep-alive time-out (while a connection is open the server
    // samples its event loop and looks for late connections every second); and V8's memory reducer, which shrinks
    // the heap the start grew in a few full collections about 16-18 s after the start (--trace-gc: 'Mark-Compact
    // (reduce)', 17 thread wake-ups a second for those seconds, every worker thread marking).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const before = activity(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const after = activity(pid);
    const seconds = IDLE_MS / 1000;
    return {
      readyMs,
      readyCpuS,
      rssMiB: rssMiB(pid),
      idleCpuPercent: ((after.ticks - before.ticks) / TICKS / seconds) * 100,
      wakeupsPerSecond: (after.switches - before.switches) / seconds,
    };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const text = (samples: Sample[]) =>
  `first answer ${(median(samples.map((s) => s.readyMs)) / 1000).toFixed(2)} s (runs ${samples.map((s) => (s.readyMs / 1000).toFixed(2)).join(', ')}; ${median(samples.map((s) => s.readyCpuS)).toFixed(2)} s of CPU), resident idle ${median(samples.map((s) => s.rssMiB)).toFixed(0)} MiB, idle CPU ${median(samples.map((s) => s.idleCpuPercent)).toFixed(2)} %, ${median(samples.map((s) => s.wakeupsPerSecond)).toFixed(1)} thread wake-ups/s`;

/** The rows for docs/benchmarks.md, on `databaseUrl` (a Postgres; one database of its own is made). */
export async function processRows(databaseUrl?: string): Promise<[string, string][]> {
  execFileSync(process.execPath, ['scripts/buildServer.mjs'], { stdio: 'ignore' });
  const database = databaseUrl ? { url: databaseUrl, stop: async () => {} } : await throwawayPostgres();
  if (!database) return [['production process', 'not measured: no Postgres']];
  try {
    const compiled: Sample[] = [];
    const throughTsx: Sample[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      compiled.push(await sample(['dist-server/main.mjs'], database.url));
      throughTsx.push(await sample(['--import', 'tsx', 'server/main.ts'], database.url));
    }
    return [
      ['production process, compiled (npm start), Postgres', text(compiled)],
      ['production process, the sources through tsx (before), Postgres', text(throughTsx)],
    ];
  } finally {
    await database.stop();
  }
}

if (process.argv[1]?.endsWith('benchProcess.ts')) {
  for (const [what, value] of await processRows()) console.log(`${what}: ${value}`);
  process.exit(0);
}
