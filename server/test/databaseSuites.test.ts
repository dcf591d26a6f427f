/**
 * The lists of server/test/databaseSuites.ts against the test files: every file that builds a test app or a database,
 * or starts the server's process, is listed once (the setup file catches the ones that reach a database another way
 * at run time), and every listed file exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_INDEPENDENT, isListed, ON_POSTGRES, OWN_POSTGRES } from './databaseSuites';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverTests = readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('databaseSuites.test.ts'))
  .map((file) => `server/${file.split(path.sep).join('/')}`);
const OPENS_DATABASE =
  /\b(createTestApp|openDatabase|throwawayCluster|throwawayPostgres)\b|'server\/main\.ts'/;

describe('the Postgres run and its lists', () => {
  it('lists every server test file that opens a database or starts the server', () => {
    const opening = serverTests.filter((file) =>
      OPENS_DATABASE.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(opening.length).toBeGreaterThan(50);
    expect(opening.filter((file) => !isListed(file))).toEqual([]);
  });

  it('lists only files that exist, each in one list', () => {
    const listed = [...ON_POSTGRES, ...Object.keys(OWN_POSTGRES), ...Object.keys(DATABASE_INDEPENDENT)];
    expect(listed.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('names each Postgres file so that vitest, which takes a name as part of a path, runs that file only', () => {
    for (const file of ON_POSTGRES) expect(serverTests.filter((test) => test.includes(file))).toEqual([file]);
  });
});
