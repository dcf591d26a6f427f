import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_MAX } from '../../api/contract/limits';
import { organisations } from '../db/schema';
import { createOrganisation } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { runTermsCommand, TERMS_USAGE, UsageError } from './command';
import { termsOf } from './organisationTerms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await createOrganisation(t.db, { subdomain: 'lit', name: 'LIT' });
});
afterAll(() => t.close());

const run = async (...argv: string[]) => {
  const lines: string[] = [];
  await runTermsCommand(argv, { db: t.db, now: t.clock.now(), print: (line) => lines.push(line) });
  return lines;
};

const stored = async () => {
  const [row] = await t.db.select().from(organisations).where(eq(organisations.subdomain, 'lit'));
  if (!row) throw new Error('lit is gone');
  return { terms: termsOf(row), setAt: row.termsSetAt };
};

describe('npm run terms', () => {
  it("shows an organisation's terms: the site's own until an operator sets them", async () => {
    expect(await run('show', '--organisation', 'LIT')).toEqual([
      'lit: wording default',
      "  terms:   the site's own /terms-of-service",
      "  privacy: the site's own /privacy",
      '  set by an operator: never',
    ]);
    expect(await run('list')).toEqual(["No organisation has terms of its own: every one shows the site's."]);
  });

  it('sets the wording and the addresses, keeps what is not given, and lists it', async () => {
    await run('set', '--organisation', 'lit', '--wording', 'lit', '--terms-url', 'https://lit.example/terms');
    expect(
      await run('set', '--organisation', 'lit', '--privacy-url', ' https://lit.example/privacy '),
    ).toEqual([
      'lit: wording lit',
      '  terms:   https://lit.example/terms',
      '  privacy: https://lit.example/privacy',
      `  set by an operator: ${t.clock.now().toISOString()}`,
    ]);
    expect(await stored()).toEqual({
      terms: {
        wording: 'lit',
        termsUrl: 'https://lit.example/terms',
        privacyUrl: 'https://lit.example/privacy',
      },
      setAt: t.clock.now(),
    });
    expect(await run('list')).toEqual([
      `lit\tlit\thttps://lit.example/terms\thttps://lit.example/privacy\t${t.clock.now().toISOString()}`,
    ]);
  });

  it("'site' puts one address back to the site's page; clear puts everything back", async () => {
    await run(
      'set',
      '--organisation',
      'lit',
      '--wording',
      'lit',
      '--terms-url',
      'https://lit.example/terms',
      '--privacy-url',
      'https://lit.example/privacy',
    );
    await run('set', '--organisation', 'lit', '--terms-url', 'site');
    expect((await stored()).terms).toEqual({
      wording: 'lit',
      termsUrl: null,
      privacyUrl: 'https://lit.example/privacy',
    });
    await run('clear', '--organisation', 'lit');
    expect(await stored()).toEqual({
      terms: { wording: 'default', termsUrl: null, privacyUrl: null },
      // Cleared by an operator: the demo seed leaves it alone from now on.
      setAt: t.clock.now(),
    });
  });

  it("refuses an address or a wording the contract's schema refuses, and stores nothing", async () => {
    const refused = [
      ['--terms-url', 'javascript:alert(1)'],
      ['--terms-url', 'http://lit.example/terms'],
      ['--privacy-url', '/privacy'],
      ['--privacy-url', 'lit.example/privacy'],
      ['--terms-url', `https://lit.example/${'a'.repeat(LINK_MAX)}`],
      ['--terms-url', ''],
      ['--wording', 'papier_union'],
    ];
    for (const option of refused) {
      const attempt = run('set', '--organisation', 'lit', ...option);
      await expect(attempt, option.join(' ')).rejects.toBeInstanceOf(UsageError);
      await expect(run('set', '--organisation', 'lit', ...option)).rejects.toThrow(option[0]);
    }
    expect(await stored()).toEqual({
      terms: { wording: 'default', termsUrl: null, privacyUrl: null },
      setAt: null,
    });
  });

  it('takes http only on this machine (an operator trying a page locally)', async () => {
    await run('set', '--organisation', 'lit', '--terms-url', 'http://localhost:3000/terms');
    expect((await stored()).terms.termsUrl).toBe('http://localhost:3000/terms');
  });

  it('says how it is used', async () => {
    await expect(run('set', '--organisation', 'lit')).rejects.toThrow(/at least one of/);
    await expect(run('show', '--organisation', 'nowhere')).rejects.toThrow('no organisation with subdomain');
    await expect(run('show')).rejects.toThrow('--organisation is required');
    await expect(run('remove')).rejects.toThrow(TERMS_USAGE);
  });
});
