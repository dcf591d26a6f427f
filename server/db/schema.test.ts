import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TERMS_WORDINGS, type TermsWording } from '../../api/contract/limits';
import { createChannel, createOrganisation, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { openDatabase } from './client';
import { memberships, organisations, users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** The Postgres error code behind a failed query (drizzle wraps it; the drivers spell it differently). */
const sqlState = async (query: Promise<unknown>): Promise<string | undefined> => {
  try {
    await query;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
};

describe('database rules', () => {
  it('keeps e-mail addresses unique without regard to case', async () => {
    await createUser(t.db, { email: 'Same@Example.com' });
    const duplicate = t.db
      .insert(users)
      .values({ email: 'same@example.COM', passwordHash: 'x', screenName: 'x' });
    expect(await sqlState(duplicate)).toBe('23505');
  });

  it('keeps organisation subdomains and channel subdomains per organisation unique', async () => {
    const organisation = await createOrganisation(t.db, { subdomain: 'acme' });
    expect(await sqlState(createOrganisation(t.db, { subdomain: 'acme' }))).toBe('23505');
    await createChannel(t.db, { organisationId: organisation.id, subdomain: 'news' });
    expect(await sqlState(createChannel(t.db, { organisationId: organisation.id, subdomain: 'news' }))).toBe(
      '23505',
    );
    const other = await createOrganisation(t.db);
    await expect(createChannel(t.db, { organisationId: other.id, subdomain: 'news' })).resolves.toBeDefined();
  });

  it("holds an organisation's terms wording to the contract's list (spec 2 Register)", async () => {
    const organisation = await createOrganisation(t.db);
    const setWording = (termsWording: string) =>
      t.db
        .update(organisations)
        .set({ termsWording: termsWording as TermsWording })
        .where(eq(organisations.id, organisation.id));
    for (const wording of TERMS_WORDINGS)
      expect(await sqlState(setWording(wording)), wording).toBeUndefined();
    expect(await sqlState(setWording('papier_union'))).toBe('23514');
    expect(await sqlState(setWording('Lit'))).toBe('23514');
  });

  it('holds memberships to the role ranges of spec 3 and one place each', async () => {
    const { user } = await createUser(t.db);
    const organisation = await createOrganisation(t.db);
    const channel = await createChannel(t.db, { organisationId: organisation.id });
    const insert = (values: Partial<typeof memberships.$inferInsert>) =>
      t.db.insert(memberships).values({ userId: user.id, roleId: 1, ...values });
    expect(await sqlState(insert({ channelId: channel.id, roleId: 6 }))).toBe('23514');
    expect(await sqlState(insert({ organisationId: organisation.id, roleId: 5 }))).toBe('23514');
    expect(
      await sqlState(insert({ channelId: channel.id, organisationId: organisation.id, roleId: 1 })),
    ).toBe('23514');
    expect(await sqlState(insert({}))).toBe('23514');
    await insert({ channelId: channel.id, roleId: 5 });
    expect(await sqlState(insert({ channelId: channel.id, roleId: 2 }))).toBe('23505');
  });
});

describe('openDatabase on a PGlite directory', () => {
  it('creates the directory, migrates, and opens again with the data kept', async () => {
    if (process.env.DATABASE_URL) return; // a PGlite-only concern
    const root = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    const dataDir = path.join(root, 'nested', 'data');
    try {
      const first = await openDatabase({ dataDir });
      await first.db
        .insert(users)
        .values({ email: 'kept@example.com', passwordHash: 'x', screenName: 'Kept' });
      await first.close();
      const second = await openDatabase({ dataDir });
      expect(await second.db.select({ email: users.email }).from(users)).toEqual([
        { email: 'kept@example.com' },
      ]);
      await second.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
