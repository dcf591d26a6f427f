/**
 * A Postgres for a test that needs real processes on one database (server/workers.test.ts): DATABASE_URL when set
 * (scripts/pg-test.sh), else a throwaway cluster of Debian's postgresql under /tmp (owned by the postgres user when run
 * as root). null when neither is there: the test says so and is skipped.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../test/freePort';

export interface TestPostgres {
  /** A database of its own for the test. */
  url: string;
  stop: () => Promise<void>;
}

const postgresBin = (): string | undefined => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length > 0 ? join(root, versions[versions.length - 1]!, 'bin') : undefined;
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
};

const withDatabase = async (serverUrl: string, stopServer: () => Promise<void>): Promise<TestPostgres> => {
  const name = `workers_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, stop: stopServer };
};

/**
 * A Postgres cluster of its own under /tmp on a loopback port, trusting local connections, fsync off; stop() removes
 * it. null when Debian's postgresql is not installed. scripts/pg-test.ts runs the server suite on one.
 */
export const throwawayCluster = async (
  port?: number,
  /** More server settings, `name=value` each (the writes bench loads pg_stat_statements: scripts/benchLoginWrites.ts). */
  settings: string[] = [],
): Promise<{
  serverUrl: string;
  /** The cluster's data folder and Postgres's programs (its WAL is read by scripts/benchLoginWrites.ts). */
  dataDir: string;
  bin: string;
  version: string;
  stop: () => void;
  /** Stops the server (fast: sessions are told 'terminating connection due to administrator command') and starts it
   * again on the same port and data; or only one half. For tests of how clients live through an outage. */
  control: (action: 'restart' | 'stop' | 'start') => void;
} | null> => {
  const bin = postgresBin();
  if (!bin) return null;
  const cluster = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const root = process.getuid?.() === 0;
  const asOwner = (command: string, args: string[]) => {
    if (root)
      execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'ignore' });
    else execFileSync(join(bin, command), args, { stdio: 'ignore' });
  };
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(cluster, uid, gid);
  }
  const data = join(cluster, 'data');
  const listen = port ?? (await freePort());
  asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const serverArgs = [
    '-D',
    data,
    '-l',
    join(data, 'server.log'),
    '-w',
    '-o',
    `-p ${listen} -c listen_addresses=127.0.0.1 -k ${cluster} -c fsync=off -c max_connections=200${settings.map((setting) => ` -c ${setting}`).join('')}`,
  ];
  asOwner('pg_ctl', [...serverArgs, 'start']);
  const version = execFileSync(join(bin, 'postgres'), ['--version']).toString().trim().split(' ').pop() ?? '';
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${listen}/postgres`,
    dataDir: data,
    bin,
    version,
    control: (action) => {
      if (action === 'stop') asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      else asOwner('pg_ctl', [...serverArgs, ...(action === 'restart' ? ['-m', 'fast'] : []), action]);
    },
    stop: () => {
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(cluster, { recursive: true, force: true });
      }
    },
  };
};

export const throwawayPostgres = async (): Promise<TestPostgres | null> => {
  if (process.env.DATABASE_URL) return withDatabase(process.env.DATABASE_URL, async () => {});
  const cluster = await throwawayCluster();
  if (!cluster) return null;
  return withDatabase(cluster.serverUrl, async () => cluster.stop());
};
