/**
 * The logs leave people out (docs/security.md: Logs): the lines written for a failing request that carries an
 * e-mail and a token in its query (and the e-mail in its body, which a failed query's message would repeat) hold
 * neither; the mail log masks the address.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { errorForLog, maskEmail, maskForLog } from './logMask';
import { sendMail } from './mail/send';
import { createLogger, replaceLogger } from './ops/logger';
import { createTestApp, type TestApp } from './test/testApp';

const EMAIL = 'jane.leak@example.com';
const TOKEN = 'tok3nS3cretValue0123456789';

/** Every line written to the server's log (and, should any code still write there, the console) while `run` runs. */
const logLines = async (run: () => Promise<unknown>): Promise<string> => {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(args.map((arg) => String(arg)).join(' '));
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(capture),
  );
  const restoreLog = replaceLogger(
    createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } }),
  );
  try {
    await run();
  } finally {
    restoreLog();
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
};

describe('maskForLog', () => {
  it('masks addresses, drops queries, leaves a failed query’s parameters out', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@example.com');
    expect(maskForLog(`GET /api/confirm?token=${TOKEN}&email=${EMAIL} failed`)).toBe(
      'GET /api/confirm failed',
    );
    expect(maskForLog(`fetch https://site.test/r/x?next=%2Fme#top`)).toBe('fetch https://site.test/r/x#top');
    expect(maskForLog(`Failed query: select 1 where email = $1\nparams: ${EMAIL},abc`)).toBe(
      'Failed query: select 1 where email = $1\nparams: (left out)',
    );
    expect(maskForLog('Why? Nobody knows.')).toBe('Why? Nobody knows.');
  });

  it('follows an error’s causes', () => {
    const error = new Error('outer', { cause: new Error(`inner for ${EMAIL}`) });
    const text = errorForLog(error);
    expect(text).toContain('caused by: Error: inner for j***@example.com');
    expect(text).not.toContain(EMAIL);
  });
});

describe('the incident log of a failing request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { mailLog: true } });
    // A real failure inside: the users table is gone, so the login's query fails with a message that names its
    // parameters (the e-mail of the body).
    await t.db.execute(sql.raw('drop table "users" cascade'));
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('holds neither the e-mail nor the token of the query, nor the body’s e-mail', async () => {
    const query = `?token=${TOKEN}&email=${encodeURIComponent(EMAIL)}&again=${EMAIL}`;
    let status = 0;
    const lines = await logLines(async () => {
      const response = await t.app.request(`${API_PATHS.login.path}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, pwd: 'secret-password' }),
      });
      status = response.status;
    });
    expect(status).toBe(500);
    expect(lines).toMatch(/"event":"incident".*incident [0-9a-f-]{36} on POST \/api\/login/);
    expect(lines).toContain('Failed query'); // the cause is still there to read
    for (const secret of [EMAIL, encodeURIComponent(EMAIL), TOKEN, 'secret-password'])
      expect(lines).not.toContain(secret);
  });

  it('the mail log masks the address', async () => {
    const lines = await logLines(() =>
      sendMail(t.deps, EMAIL, 'reset', { link: 'http://site.test/r', screenName: 'A' }, 'en-US'),
    );
    expect(lines).toMatch(/"event":"mail","template":"reset","to":"j\*\*\*@example\.com"/);
    expect(lines).not.toContain(EMAIL);
  });
});
