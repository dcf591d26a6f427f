/**
 * What the request log and the request metrics (server/ops/requestLog.ts) cost the session-read and login figures:
 * one reference server as the bench runs its own (demo data, JSON log lines as production writes them, to a file as
 * a log pipeline would take them in another process), started with REQUEST_LAYER=switchable (demo only:
 * server/main.ts), so SIGUSR2 turns the record off and on again. The same loads as the figures' (GET /api/me signed
 * in with 20 connections; password logins with 10) run once each, and the record is switched at every slice: one
 * process, so nothing but the record differs (two servers started alike differed by up to 9 % here), and each slice
 * with it is compared with its two neighbours without it, at the same moment of a shared machine. Compared: the
 * server process's CPU time per request, its threads included, read to the nanosecond from Linux's schedstat (the
 * tick-counted /proc/<pid>/stat moved a quarter-second slice by 1 % on its own). Reported: the median of the slices'
 * shares with a 95 % interval for it (resampled), and the medians of each side. Rows of docs/benchmarks.md's table:
 * `npm run bench` writes them with the rest, `npm run bench:ops` (scripts/benchOps.ts) prints them alone.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../server/seed';
import { startRealServer } from '../test/e2e/realServer';
import { signIn } from './benchLoad';

/**
 * One load each, the record switched at every slice: adjacent slices share the machine's moment. A read slice holds
 * about a thousand requests, twenty of them in flight across each switch (they blur the two sides by 2 %); a login
 * slice about a hundred, so it is longer.
 */
const READ_SECONDS = 90;
const READ_SLICE_MS = 250;
const LOGIN_SECONDS = 60;
const LOGIN_SLICE_MS = 2_000;
/** Demo accounts: one signed in for the reads, another taking the logins (as the bench's own figures). */
const READER = 'curator@example.com';
const LOGIN_ACCOUNT = 'staff@example.com';
/** Linux's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;
/** Resamples for the median's interval. */
const RESAMPLES = 2_000;

const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sortedCopy(values)[Math.floor(values.length / 2)] as number;

/** The 95 % interval of a median: the middle 95 % of the medians of resamples (with replacement) of the values. */
const medianInterval = (values: number[]): [number, number] => {
  const medians = sortedCopy(
    Array.from({ length: RESAMPLES }, () =>
      median(Array.from(values, () => values[Math.floor(Math.random() * values.length)] as number)),
    ),
  );
  return [medians[Math.floor(RESAMPLES * 0.025)] as number, medians[Math.floor(RESAMPLES * 0.975)] as number];
};

/**
 * CPU seconds a process has used so far, its threads included (argon2's, PGlite's): the first field of each
 * thread's schedstat, in nanoseconds. The server's threads live through a load, so none leaves with its time. Where
 * the kernel keeps no schedstat, /proc/<pid>/stat's user + system time, in clock ticks.
 */
const cpuSecondsOf = (pid: number): number => {
  if (existsSync(`/proc/${pid}/task/${pid}/schedstat`))
    return readdirSync(`/proc/${pid}/task`).reduce((sum, thread) => {
      try {
        return (
          sum + Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]) / 1e9
        );
      } catch {
        return sum; // a thread that ended between the listing and the read
      }
    }, 0);
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
};

interface Slice {
  on: boolean;
  cpuUs: number;
  perSecond: number;
}

/** The table's rows, [what, measured]. */
export const opsCostRows = async (): Promise<[string, string][]> => {
  const logs = mkdtempSync(path.join(tmpdir(), 'bench-ops-'));
  const server = await startRealServer({
    checkConformance: false,
    env: { LOG_PRETTY: '0', REQUEST_LAYER: 'switchable' },
    logFile: path.join(logs, 'server.log'),
  });
  let layerOn = true;
  const switchLayer = () => {
    process.kill(server.pid, 'SIGUSR2');
    layerOn = !layerOn;
  };
  /**
   * One load for `seconds`; every `sliceMs` the server's CPU time and the answers so far are read and the layer is
   * switched, so the slices alternate on and off. The first slice (connections opening) and the last (the load ending in it) are left out.
   */
  const sliced = async (seconds: number, sliceMs: number, options: autocannon.Options): Promise<Slice[]> => {
    let answers = 0;
    let done: (result: autocannon.Result) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      done = resolve;
      failed = reject;
    });
    const instance = autocannon({ ...options, duration: seconds }, (error, result) =>
      error ? failed(error) : done(result),
    );
    instance.on('response', () => {
      answers += 1;
    });
    const slices: Slice[] = [];
    let last = { cpu: cpuSecondsOf(server.pid), answers: 0, at: performance.now(), on: layerOn };
    const timer = setInterval(() => {
      const now = { cpu: cpuSecondsOf(server.pid), answers, at: performance.now() };
      const count = now.answers - last.answers;
      if (count > 0)
        slices.push({
          on: last.on,
          cpuUs: ((now.cpu - last.cpu) / count) * 1e6,
          perSecond: count / ((now.at - last.at) / 1000),
        });
      switchLayer();
      last = { ...now, on: layerOn };
    }, sliceMs);
    const result = await finished;
    clearInterval(timer);
    if (result.non2xx + result.errors + result.timeouts > 0)
      throw new Error('requests failed during the load');
    return slices.slice(1, -1);
  };
  /** Each slice with the layer against the mean of its neighbours without it: the layer's share, per slice. */
  const compared = (slices: Slice[]) => {
    const shares: number[] = [];
    slices.forEach((slice, index) => {
      const before = slices[index - 1];
      const after = slices[index + 1];
      if (!slice.on || !before || !after) return;
      const without = (before.cpuUs + after.cpuUs) / 2;
      shares.push(((slice.cpuUs - without) / without) * 100);
    });
    const side = (on: boolean) => {
      const own = slices.filter((slice) => slice.on === on);
      return {
        cpuUs: median(own.map((slice) => slice.cpuUs)),
        perSecond: median(own.map((slice) => slice.perSecond)),
      };
    };
    return { on: side(true), off: side(false), shares };
  };
  try {
    const cookie = await signIn(server.url, READER);
    // Warmed first, the layer on and off: the code paths compiled, the caches filled.
    await sliced(6, READ_SLICE_MS, { url: `${server.url}/api/me`, connections: 20, headers: { cookie } });
    const read = compared(
      await sliced(READ_SECONDS, READ_SLICE_MS, {
        url: `${server.url}/api/me`,
        connections: 20,
        headers: { cookie },
      }),
    );
    const login = compared(
      await sliced(LOGIN_SECONDS, LOGIN_SLICE_MS, {
        url: `${server.url}/api/login`,
        method: 'POST',
        connections: 10,
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: LOGIN_ACCOUNT, pwd: DEMO_PASSWORD }),
      }),
    );
    const text = ({ on, off, shares }: ReturnType<typeof compared>, digits: number) => {
      const us = (value: number) => `${value.toFixed(digits)} µs`;
      const [low, high] = medianInterval(shares);
      return (
        `the share of the CPU a request: median ${median(shares).toFixed(1)} % over ${shares.length} slices with ` +
        `the record (95 % interval of the median ${low.toFixed(1)} to ${high.toFixed(1)} %); CPU a request ` +
        `${us(off.cpuUs)} without, ${us(on.cpuUs)} with; ${off.perSecond.toFixed(0)}/s without, ` +
        `${on.perSecond.toFixed(0)}/s with`
      );
    };
    return [
      [
        `GET /api/me signed in, 20 connections, ${READ_SECONDS} s, the request log + metrics switched every ${READ_SLICE_MS / 1000} s`,
        text(read, 1),
      ],
      [
        `password logins, 10 connections, ${LOGIN_SECONDS} s, the request log + metrics switched every ${LOGIN_SLICE_MS / 1000} s`,
        text(login, 0),
      ],
    ];
  } finally {
    await server.stop();
    rmSync(logs, { recursive: true, force: true });
  }
};
