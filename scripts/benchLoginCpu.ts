/**
 * The CPU a password login spends beyond its argon2 verification on
 * PGlite or, with DATABASE_URL, on Postgres. In this one process: logins one after another through the app as the
 * server builds it (server/test/testApp.ts, no network), and as many argon2 verifications of the same hash alone;
 * the difference per call is what the login adds (routing, statements, cookie, JSON, and PGlite itself when it is
 * the database; Postgres's own work is in its own processes and not counted). Both are CPU time of this process
 * (every thread: argon2 runs off the main thread), so load from other processes inflates them less than wall time.
 * `npm run bench` calls it; `tsx scripts/benchLoginCpu.ts` runs it alone.
 */
import { API_PATHS } from '../api/contract/paths';
import { verifyPassword } from '../server/security/passwords';
import { createUser, DEFAULT_PASSWORD } from '../server/test/fixtures';
import { createTestApp } from '../server/test/testApp';

const WARM_UP = 10;
const ROUNDS = 60;

const cpuMsOf = async (rounds: number, run: () => Promise<void>): Promise<number> => {
  const started = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / rounds;
};

/** CPU per login, per lone verification, and the difference, in milliseconds. */
async function loginCpu(): Promise<{ login: number; verify: number; beyond: number }> {
  const t = await createTestApp();
  try {
    const { email, user } = await createUser(t.db, {}, t.clock.now());
    const passwordHash = user.passwordHash ?? '';
    const login = async () => {
      const answer = await t.client().post(API_PATHS.login.path, { email, pwd: DEFAULT_PASSWORD });
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
    return { login: mean(logins), verify: mean(verifies), beyond: mean(logins) - mean(verifies) };
  } finally {
    await t.close();
  }
}

/** The row `npm run bench` prints and writes to docs/benchmarks.md. */
export async function loginCpuRow(): Promise<[what: string, value: string]> {
  const cpu = await loginCpu();
  const database = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
  return [
    `CPU per password login beyond argon2 (${database}, this process)`,
    `${cpu.beyond.toFixed(2)} ms (a login ${cpu.login.toFixed(2)} ms, a verification alone ${cpu.verify.toFixed(2)} ms)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await loginCpuRow()).join(': '));
  process.exit(0);
}
