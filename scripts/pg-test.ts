/**
 * Runs the server test suite against a real Postgres (ARCHITECTURE.md 7: same SQL, same migrations, same tests): a
 * throwaway cluster (server/test/throwawayPostgres.ts) on PG_TEST_PORT or a free loopback port, removed after.
 * Extra arguments go to vitest, e.g. `bash scripts/pg-test.sh server/routes/auth.test.ts`.
 */
import { spawnSync } from 'node:child_process';
import { throwawayCluster } from '../server/test/throwawayPostgres';

const cluster = await throwawayCluster(
  process.env.PG_TEST_PORT ? Number(process.env.PG_TEST_PORT) : undefined,
);
if (!cluster) {
  console.error('pg-test: no Postgres found under /usr/lib/postgresql (apt-get install -y postgresql)');
  process.exit(1);
}
const stopOnSignal = () => {
  cluster.stop();
  process.exit(130);
};
process.on('SIGINT', stopOnSignal).on('SIGTERM', stopOnSignal);
console.log(`pg-test: Postgres ${cluster.version} on ${new URL(cluster.serverUrl).host}`);
let status = 1;
try {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.serverUrl },
  });
  status = run.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
