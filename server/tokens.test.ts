import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokens } from './db/schema';
import { createUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';
import {
  consumeToken,
  endTokens,
  hashToken,
  issueToken,
  LIVE_TOKENS_PER_KIND,
  newToken,
  peekToken,
  TOKEN_TTL_MS,
} from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('tokens', () => {
  it('have the lifetimes of docs/decisions/security.md: Token lifetimes', () => {
    const HOUR = 3_600_000;
    expect(TOKEN_TTL_MS).toEqual({
      reset: HOUR,
      magic: HOUR / 4,
      confirm: 7 * 24 * HOUR,
      emailChange: 24 * HOUR,
      emailUndo: 7 * 24 * HOUR,
      recoveryReview: HOUR / 2,
      invitation: 14 * 24 * HOUR,
    });
  });

  it('are 32 random bytes, stored as sha-256', async () => {
    const { user } = await createUser(t.db);
    const raw = await issueToken(t.deps, { kind: 'confirm', userId: user.id, boarding: 'companyId' });
    expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
    const [row] = await t.db.select().from(tokens);
    expect(row?.tokenHash).toBe(hashToken(raw));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.boarding).toBe('companyId');
    expect(newToken().raw).not.toBe(newToken().raw);
  });

  it('are used up once, and only for their kind', async () => {
    const { user } = await createUser(t.db);
    const raw = await issueToken(t.deps, { kind: 'confirm', userId: user.id });
    expect(await consumeToken(t.deps, 'reset', raw)).toBeNull();
    expect(await peekToken(t.deps, 'confirm', raw)).not.toBeNull();
    expect((await consumeToken(t.deps, 'confirm', raw))?.userId).toBe(user.id);
    expect(await consumeToken(t.deps, 'confirm', raw)).toBeNull();
    expect(await peekToken(t.deps, 'confirm', raw)).toBeNull();
  });

  it('expire', async () => {
    const { user } = await createUser(t.db);
    const raw = await issueToken(t.deps, { kind: 'confirm', userId: user.id });
    t.clock.advance(TOKEN_TTL_MS.confirm);
    expect(await consumeToken(t.deps, 'confirm', raw)).toBeNull();
  });

  it('let exactly one of many parallel uses through', async () => {
    const { user } = await createUser(t.db);
    const raw = await issueToken(t.deps, { kind: 'magic', userId: user.id });
    const uses = await Promise.all(Array.from({ length: 10 }, () => consumeToken(t.deps, 'magic', raw)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it(`keep the newest ${LIVE_TOKENS_PER_KIND} of a kind alive; using one ends every other of its kind, not of others`, async () => {
    const { user } = await createUser(t.db);
    const { user: other } = await createUser(t.db);
    const raws: string[] = [];
    for (let n = 0; n <= LIVE_TOKENS_PER_KIND; n += 1)
      raws.push(await issueToken(t.deps, { kind: 'reset', userId: user.id }));
    const othersReset = await issueToken(t.deps, { kind: 'reset', userId: other.id });
    const magic = await issueToken(t.deps, { kind: 'magic', userId: user.id });
    const live = async () =>
      Promise.all(raws.map(async (raw) => (await peekToken(t.deps, 'reset', raw)) !== null));
    expect(await live()).toEqual([false, ...Array(LIVE_TOKENS_PER_KIND).fill(true)]);
    expect((await consumeToken(t.deps, 'reset', raws[2] ?? ''))?.userId).toBe(user.id);
    expect(await live()).toEqual(raws.map(() => false));
    expect(await peekToken(t.deps, 'reset', othersReset)).not.toBeNull();
    expect(await peekToken(t.deps, 'magic', magic)).not.toBeNull();
  });

  it("let exactly one of a user's different live tokens through when they are used in parallel", async () => {
    const { user } = await createUser(t.db);
    const raws: string[] = [];
    for (let n = 0; n < LIVE_TOKENS_PER_KIND; n += 1)
      raws.push(await issueToken(t.deps, { kind: 'reset', userId: user.id }));
    const uses = await Promise.all([...raws, ...raws].map((raw) => consumeToken(t.deps, 'reset', raw)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it('endTokens ends the given kinds only', async () => {
    const { user } = await createUser(t.db);
    const magic = await issueToken(t.deps, { kind: 'magic', userId: user.id });
    const confirm = await issueToken(t.deps, { kind: 'confirm', userId: user.id });
    await endTokens(t.deps, user.id, ['magic']);
    expect(await peekToken(t.deps, 'magic', magic)).toBeNull();
    expect(await peekToken(t.deps, 'confirm', confirm)).not.toBeNull();
  });
});
