/**
 * Runs the server tests that depend on the database against a real Postgres (ARCHITECTURE.md 7: same SQL, same
 * migrations, same tests): a throwaway cluster (server/test/throwawayPostgres.ts) on PG_TEST_PORT or a free loopback
 * port, removed after. Which files, and why not the others: server/test/databaseSuites.ts (ON_POSTGRES).
 * Extra arguments go to vitest; a test file or folder among them replaces the list, e.g.
 * `bash scripts/pg-test.sh server/routes/auth.test.ts`, or `bash scripts/pg-test.sh server/` for every server file.
 */
import { spawnSync } from 'node:child_process';
import { ON_POSTGRES } from '../server/test/databaseSuites';
import { throwawayCluster } from '../server/test/throwawayPostgres';

const args = process.argv.slice(2);
/** A filter vitest takes as a file or folder: no option (options write their value with =, --reporter=json). */
const namesFiles = args.some((arg) => !arg.startsWith('-'));
const files = namesFiles ? [] : ON_POSTGRES;

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
console.log(
  `pg-test: Postgres ${cluster.version} on ${new URL(cluster.serverUrl).host}, ` +
    (namesFiles ? 'the files given' : `${files.length} files (server/test/databaseSuites.ts ON_POSTGRES)`),
);
let status = 1;
try {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-alone', ...args, ...files], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.serverUrl },
  });
  status = run.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
