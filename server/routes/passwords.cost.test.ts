/**
 * A new password costs an argon2 hash, so the reset calls must not let anyone burn CPU: a bogus or used token is
 * refused before any hash, and the reset calls have their own per-address limit (docs/decisions/security.md: Rate limits).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { createTestApp, type TestApp } from '../test/testApp';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../security/passwords', async (original) => {
  const real = await original<typeof import('../security/passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return real.hashPassword(password);
    },
  };
});

const SET = API_PATHS.setNewPassword.path;
const CHECK = API_PATHS.checkResetToken.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
});
afterAll(() => t.close());

describe('POST /api/forgot_password_set with a bogus token', () => {
  it('is refused before any hash, then limited per address', async () => {
    const client = t.client();
    const before = hashes.count;
    for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordReset.max; i += 1) {
      const answer = await client.post(SET, { pwd: 'a-new-password' }, { query: { token: `bogus-${i}` } });
      expect(answer.body).toMatchObject({ code: 'forgot_password_token_invalid_error' });
    }
    expect(hashes.count).toBe(before);
    const over = await client.post(SET, { pwd: 'a-new-password' }, { query: { token: 'bogus' } });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited_error' });
    expect((await client.get(CHECK, { query: { token: 'bogus' } })).status).toBe(429);
  });
});
