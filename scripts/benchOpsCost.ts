/**
 * What the request log and the request metrics (server/ops/requestLog.ts) cost a request, in this process: a Hono
 * app with one trivial route, answered N times with and without the layer (alternating rounds, log lines written
 * as JSON to /dev/null through the production logger, server/ops/logger.ts), against the time of a signed-in GET /api/me and a password
 * login through the whole app (PGlite in memory). Rows of docs/benchmarks.md's table: `npm run bench` writes them
 * with the rest, `npm run bench:ops` (scripts/benchOps.ts) prints them alone.
 */
import { Hono } from 'hono';
import pino from 'pino';
import { API_PATHS } from '../api/contract/paths';
import { createLogger, replaceLogger } from '../server/ops/logger';
import { requestLog } from '../server/ops/requestLog';
import { createUser, DEFAULT_PASSWORD } from '../server/test/fixtures';
import { createTestApp } from '../server/test/testApp';

const N = 20_000;
const ROUNDS = 5;

const perRequestUs = async (app: Hono, n: number, init?: RequestInit): Promise<number> => {
  const started = performance.now();
  for (let index = 0; index < n; index += 1) await (await app.request('/thing/42', init)).text();
  return ((performance.now() - started) * 1000) / n;
};

/** The table's rows, [what, measured]. */
export const opsCostRows = async (): Promise<[string, string][]> => {
  // The production log as production makes it (its redact list, time and pid), only to /dev/null: stdout's
  // destination is synchronous, as here.
  const restoreLog = replaceLogger(
    createLogger({ level: 'info', destination: pino.destination({ dest: '/dev/null', sync: true }) }),
  );
  const bare = new Hono().get('/thing/:id', (c) => c.json({ ok: true }));
  const instrumented = new Hono();
  instrumented.use('*', requestLog({ trustProxy: false }));
  instrumented.get('/thing/:id', (c) => c.json({ ok: true }));
  await perRequestUs(bare, 2_000);
  await perRequestUs(instrumented, 2_000);
  const without: number[] = [];
  const withLayer: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    without.push(await perRequestUs(bare, N));
    withLayer.push(await perRequestUs(instrumented, N));
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const added = median(withLayer) - median(without);

  const t = await createTestApp();
  const user = await createUser(t.db, {}, t.clock.now());
  const client = t.client();
  const loginStarted = performance.now();
  const LOGINS = 30;
  for (let index = 0; index < LOGINS; index += 1)
    await client.post(API_PATHS.login.path, { email: user.email, pwd: DEFAULT_PASSWORD });
  const loginUs = ((performance.now() - loginStarted) * 1000) / LOGINS;
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const READS = 3_000;
  const readStarted = performance.now();
  for (let index = 0; index < READS; index += 1)
    await (await t.app.request(API_PATHS.getMe.path, { headers: { cookie } })).text();
  const readUs = ((performance.now() - readStarted) * 1000) / READS;
  await t.close();

  restoreLog();
  return [
    ['trivial route without the layer (median of 5 x 20,000)', `${median(without).toFixed(1)} µs`],
    ['trivial route with request log + metrics', `${median(withLayer).toFixed(1)} µs`],
    ['added by the layer', `${added.toFixed(1)} µs a request`],
    [
      'GET /api/me signed in, whole app, in process',
      `${readUs.toFixed(0)} µs: the layer is ${((added / readUs) * 100).toFixed(1)} %`,
    ],
    [
      'password login, whole app, in process',
      `${loginUs.toFixed(0)} µs: the layer is ${((added / loginUs) * 100).toFixed(2)} %`,
    ],
  ];
};
