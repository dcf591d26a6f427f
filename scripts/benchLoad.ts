/** The load and the sign-in `npm run bench`'s rows share (scripts/bench.ts, scripts/benchOpsCost.ts). */
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../server/security/passwords';
import { DEMO_PASSWORD } from '../server/seed';

export const SECONDS = 10;

export async function load(options: autocannon.Options) {
  const result = await autocannon({ duration: SECONDS, ...options });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    failures,
    total: result.requests.total,
  };
}

/** The session cookie of a demo account signed in with its password. */
export async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, pwd: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!response.ok || !cookie) throw new Error(`sign-in for the benchmark failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

/**
 * The argon2id verify ceiling: verifications/s of `stored` (by default a hash made as the server makes the stored
 * ones, server/security/passwords.ts, the same cost), every core busy, in this process, for SECONDS.
 */
export async function argon2Ceiling(stored?: string): Promise<number> {
  const hashed = stored ?? (await hashPassword(DEMO_PASSWORD));
  const parallel = availableParallelism() * 4;
  const started = performance.now();
  let done = 0;
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < deadline) {
        await verifyPassword(hashed, DEMO_PASSWORD);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
