/** `npm run org-settings` (docs/decisions/security.md: Remember this device): the organisation's setting, shown and set. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organisations } from '../db/schema';
import { createOrganisation } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { ORG_SETTINGS_USAGE, runOrgSettingsCommand, UsageError } from './orgSettingsCommand';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await createOrganisation(t.db, { subdomain: 'acme', name: 'Acme', enforcesTwoFactor: true });
  await createOrganisation(t.db, { subdomain: 'other', name: 'Other', enforcesTwoFactor: true });
});
afterAll(() => t.close());

const run = async (...argv: string[]) => {
  const lines: string[] = [];
  await runOrgSettingsCommand(argv, { db: t.db, now: t.clock.now(), print: (line) => lines.push(line) });
  return lines;
};
const allows = async (subdomain: string) =>
  (await t.db.select().from(organisations).where(eq(organisations.subdomain, subdomain)))[0]
    ?.allowsRememberedDevices;

describe('npm run org-settings', () => {
  it('forbids and allows remembered devices for the named organisation only, and says so', async () => {
    expect(await run('show', '--organisation', 'acme')).toContain('  remembered devices: allowed');
    const lines = await run('set', '--organisation', 'acme', '--remembered-devices', 'forbidden');
    expect(lines).toContain('  remembered devices: forbidden');
    expect(await allows('acme')).toBe(false);
    expect(await allows('other')).toBe(true);
    await run('set', '--organisation', 'acme', '--remembered-devices', 'Allowed');
    expect(await allows('acme')).toBe(true);
  });

  it('says when the setting is not read (two-factor not enforced)', async () => {
    await createOrganisation(t.db, { subdomain: 'free', name: 'Free' });
    expect(await run('show', '--organisation', 'free')).toContain(
      '  remembered devices: allowed (not read: two-factor is not enforced)',
    );
  });

  it.each([
    [['set', '--organisation', 'acme', '--remembered-devices', 'maybe'], /'allowed' or 'forbidden'/],
    [['set', '--organisation', 'acme'], /--remembered-devices is required/],
    [['set', '--organisation', 'nowhere', '--remembered-devices', 'forbidden'], /no organisation/],
    [['unknown'], ORG_SETTINGS_USAGE],
  ])('refuses %j and changes nothing', async (argv, message) => {
    await expect(run(...argv)).rejects.toThrow(UsageError);
    await expect(run(...argv)).rejects.toThrow(message);
    expect(await allows('acme')).toBe(true);
  });
});
