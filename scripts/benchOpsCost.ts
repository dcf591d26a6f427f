/**
 * What the request log and the request metrics (server/ops/requestLog.ts) cost the session-read and login figures:
 * three reference servers side by side, as the bench runs its own (demo data, JSON log lines to stdout as production
 * writes them), two without the layer (REQUEST_LAYER=off, demo only: server/main.ts; how far those two differ is
 * this measure's noise on this machine) and one with it. The same loads as the figures' (GET /api/me signed in with
 * 20 connections; password logins with 10) run on each in turns, in every order, so a busy moment of a shared
 * machine falls on all. Compared: the server process's CPU time per request
 * (Linux's /proc/<pid>/stat, user + system), which a shared machine moves far less than requests per second, and the
 * requests per second themselves; medians of the rounds. Rows of docs/benchmarks.md's table: `npm run bench` writes
 * them with the rest, `npm run bench:ops` (scripts/benchOps.ts) prints them alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../server/seed';
import { startRealServer } from '../test/e2e/realServer';
import { load, signIn } from './benchLoad';

const ROUND_SECONDS = 4;
const READ_ROUNDS = 6;
const LOGIN_ROUNDS = 3;
/** Demo accounts: one signed in for the reads, another taking the logins (as the bench's own figures). */
const READER = 'curator@example.com';
const LOGIN_ACCOUNT = 'staff@example.com';
/** Linux's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** CPU seconds a process has used so far, its threads included (argon2's, PGlite's). */
const cpuSecondsOf = (pid: number): number => {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
};

interface Server {
  url: string;
  pid: number;
}
interface Round {
  perSecond: number;
  cpuUs: number;
}

/** Every order of three servers: each round measures them in the next, so none is always first or last. */
const ORDERS = [
  [0, 1, 2],
  [2, 1, 0],
  [1, 2, 0],
  [0, 2, 1],
  [2, 0, 1],
  [1, 0, 2],
] as const;

const inTurns = async (rounds: number, measure: (server: Server) => Promise<Round>, servers: Server[]) => {
  const measured: Round[][] = servers.map(() => []);
  for (let round = 0; round < rounds; round += 1)
    for (const index of ORDERS[round % ORDERS.length] as readonly number[])
      measured[index]?.push(await measure(servers[index] as Server));
  return measured.map((runs) => ({
    perSecond: median(runs.map((run) => run.perSecond)),
    cpuUs: median(runs.map((run) => run.cpuUs)),
  }));
};

/** Two servers without the layer (their difference is this measure's noise here), then one with it. */
const costText = ([first, second, withLayer]: Round[], digits: number) => {
  if (!first || !second || !withLayer) throw new Error('three servers are measured');
  const without = (first.cpuUs + second.cpuUs) / 2;
  const added = withLayer.cpuUs - without;
  const us = (value: number) => `${value.toFixed(digits)} µs`;
  const noise = (Math.abs(first.cpuUs - second.cpuUs) / without) * 100;
  return (
    `CPU a request: ${us(first.cpuUs)} and ${us(second.cpuUs)} without (two servers: ${noise.toFixed(1)} % apart), ` +
    `${us(withLayer.cpuUs)} with: the layer adds ${added.toFixed(1)} µs, ${((added / without) * 100).toFixed(1)} %; ` +
    `${first.perSecond.toFixed(0)}/s and ${second.perSecond.toFixed(0)}/s without, ${withLayer.perSecond.toFixed(0)}/s with`
  );
};

/** The table's rows, [what, measured]. */
export const opsCostRows = async (): Promise<[string, string][]> => {
  // Each server's log in a file of its own, as a log pipeline would take it in another process: read through a pipe
  // by this one, the lines would cost the load generator beside it (on a machine of two cores, the server too).
  const logs = mkdtempSync(path.join(tmpdir(), 'bench-ops-'));
  const started = (name: string, layer: 'on' | 'off') =>
    startRealServer({
      checkConformance: false,
      env: { LOG_PRETTY: '0', REQUEST_LAYER: layer },
      logFile: path.join(logs, `${name}.log`),
    });
  const servers = await Promise.all([
    started('without-1', 'off'),
    started('without-2', 'off'),
    started('with', 'on'),
  ]);
  try {
    const cookies = new Map(
      await Promise.all(servers.map(async ({ url }) => [url, await signIn(url, READER)] as const)),
    );
    const measured =
      (options: (url: string) => Parameters<typeof load>[0]) =>
      async ({ url, pid }: Server): Promise<Round> => {
        const cpuBefore = cpuSecondsOf(pid);
        const result = await load({ duration: ROUND_SECONDS, ...options(url) });
        const cpu = cpuSecondsOf(pid) - cpuBefore;
        if (result.failures > 0) throw new Error(`${result.failures} requests failed on ${url}`);
        return { perSecond: result.perSecond, cpuUs: (cpu / result.total) * 1e6 };
      };
    const reads = measured((url) => ({
      url: `${url}/api/me`,
      connections: 20,
      headers: { cookie: cookies.get(url) ?? '' },
    }));
    const logins = measured((url) => ({
      url: `${url}/api/login`,
      method: 'POST',
      connections: 10,
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: LOGIN_ACCOUNT, pwd: DEMO_PASSWORD }),
    }));
    // Warmed alike first: the code paths compiled, the caches filled.
    for (const server of servers) await reads(server);
    const read = await inTurns(READ_ROUNDS, reads, servers);
    const login = await inTurns(LOGIN_ROUNDS, logins, servers);
    const rounds = (count: number) => `medians of ${count} x ${ROUND_SECONDS} s a server, in turns`;
    return [
      [
        `GET /api/me signed in, 20 connections, with and without the request log + metrics (${rounds(READ_ROUNDS)})`,
        costText(read, 1),
      ],
      [
        `password logins, 10 connections, with and without the request log + metrics (${rounds(LOGIN_ROUNDS)})`,
        costText(login, 0),
      ],
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(logs, { recursive: true, force: true });
  }
};
