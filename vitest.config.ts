import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserWorkspaceConfig } from 'vitest/config';

const plugins = [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()];

// Vitest's default outside watch mode is one worker fewer than the cores: ONE on the two-core machines that run CI,
// which leaves a core idle whenever a test file waits (a timer, a child process, a socket) and while the main process
// transforms. Two workers took the web project's route and container files from 210 s to 93 s at the same load
// (docs/benchmarks.md: CI phases). The journeys and the rehearsal keep one file at a time (fileParallelism).
const WORKERS = 2;

const serverProject: { environment: 'node' } & Omit<NonNullable<UserWorkspaceConfig['test']>, 'environment'> =
  {
    environment: 'node',
    include: ['server/**/*.test.ts'],
    // Fails a file that opens a database and is not listed in server/test/databaseSuites.ts (which of them run again
    // on Postgres: scripts/pg-test.ts).
    setupFiles: ['server/test/databaseUse.setup.ts'],
    // One migrated in-memory database dumped per run, that every test's database starts from.
    globalSetup: ['server/test/pgliteTemplate.globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };

const SERVER_FILES_ALONE = [
  'server/**/*.process.test.ts',
  'server/workers.test.ts',
  'server/site.test.ts',
  'server/db/poolRecovery.test.ts',
  'server/db/postgresDriver.test.ts',
  'server/http/nodeServer.test.ts',
  'server/http/gracefulStop.test.ts',
  'server/security/credentialEpoch.test.ts',
  'server/routes/loginOutage.test.ts',
  'server/routes/auth.lockout*.test.ts',
];

// Projects: browser-side unit tests, model-based path tests (their own command prints coverage),
// and the reference server (node, PGlite in memory or Postgres via DATABASE_URL).
export default defineConfig({
  plugins,
  test: {
    // The model, e2e and rehearsal projects' runs also write the tester's report (HTML, JUnit XML: test/model/report).
    reporters: ['default', './test/model/report/reporter.ts'],
    projects: [
      {
        plugins,
        test: {
          name: 'web',
          maxWorkers: WORKERS,
          environment: 'happy-dom',
          include: ['{api,machines,ui,routes,containers,i18n,test,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.model.test.{ts,tsx}', 'test/e2e/**', 'test/rehearsal/**', 'node_modules/**'],
          setupFiles: ['test/setup.ts'],
          // Route tests wait for lazy screens whose first import transforms their modules: on two shared cores
          // that alone has taken over 3 s, beyond the default 5 s once a test does more.
          testTimeout: 15_000,
        },
      },
      {
        plugins,
        test: {
          name: 'model',
          maxWorkers: WORKERS,
          environment: 'happy-dom',
          include: ['**/*.model.test.{ts,tsx}'],
          exclude: ['node_modules/**'],
          setupFiles: ['test/setup.ts'],
          // A path types and clicks through a whole flow on the rendered screen; the longest take seconds on two
          // shared cores, so the default 5 s is too tight for them.
          testTimeout: 20_000,
          // Merges model coverage, prints the table and fails the run below 100 % (test/model).
          globalSetup: ['test/model/coverage.globalSetup.ts'],
        },
      },
      // The server files in two projects that `npm run test:server` runs together: most of them two at a time, and
      // apart, one at a time, those that time what they measure or race on purpose (server processes, outages,
      // concurrent logins, lockout counts, compression off the event loop), so another file's CPU never decides
      // their outcome.
      { test: { ...serverProject, name: 'server', maxWorkers: WORKERS, exclude: SERVER_FILES_ALONE } },
      {
        test: {
          ...serverProject,
          name: 'server-alone',
          include: SERVER_FILES_ALONE,
          maxWorkers: 1,
          // After the others (Vitest runs projects of different worker counts in groups of their own, in this order).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/globalSetup.ts'],
          // A failed journey keeps a screenshot and a trace, linked from the report (test/e2e/evidence.ts).
          setupFiles: ['test/e2e/evidence.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'rehearsal',
          environment: 'node',
          include: ['test/rehearsal/**/*.rehearsal.test.ts'],
          // Two server instances behind one balancer, one SMTP server, one provider and one Chromium for every file
          // (README: The production rehearsal).
          globalSetup: ['test/rehearsal/globalSetup.ts'],
          // After each file, every mail that arrived meanwhile is checked, those no journey read included. A file of
          // its own run last would not do: Vitest orders files by their past results and durations, not by name, and
          // an error thrown by a global setup's teardown is only logged, it does not fail the run.
          setupFiles: ['test/rehearsal/everyMail.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
