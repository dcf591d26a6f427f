import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityProviderSettings } from '../db/schema';
import { createOrganisation } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { runIdpCommand, UsageError } from './command';
import { findIdpSettings } from './settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const run = async (argv: string[], stdin = '') => {
  const lines: string[] = [];
  await runIdpCommand(argv, {
    db: t.db,
    config: t.config,
    now: t.clock.now(),
    readSecret: async () => stdin,
    print: (line) => lines.push(line),
  });
  return lines;
};

const setOkta = (subdomain: string, ...extra: string[]) =>
  run([
    'set',
    '--organisation',
    subdomain,
    '--provider',
    'okta',
    '--issuer',
    'https://lit.okta.com/',
    '--client-id',
    'client-1',
    '--client-secret',
    'very-secret',
    ...extra,
  ]);

describe('npm run idp', () => {
  it('sets, lists and removes an organisation’s provider, keeping the secret sealed', async () => {
    await createOrganisation(t.db, { subdomain: 'lit' });
    expect(await setOkta('LIT', '--allowed-domains', 'Lit.example, @other.example')).toEqual([
      'lit: okta saved, enabled',
    ]);
    const stored = await t.db.execute(sql`select * from ${identityProviderSettings}`);
    expect(JSON.stringify(stored)).not.toContain('very-secret');

    const found = await findIdpSettings(t.db, t.config, 'lit');
    expect(found).toMatchObject({
      kind: 'found',
      settings: {
        provider: 'okta',
        issuer: 'https://lit.okta.com',
        clientId: 'client-1',
        clientSecret: 'very-secret',
        allowedDomains: ['lit.example', 'other.example'],
        enabled: true,
      },
    });
    const [line] = await run(['list']);
    expect(line).toContain('lit\tokta\thttps://lit.okta.com\tclient-1\tlit.example,other.example\tenabled');
    expect(line).not.toContain('very-secret');

    expect(await run(['remove', '--organisation', 'lit'])).toEqual(['lit: removed']);
    expect(await findIdpSettings(t.db, t.config, 'lit')).toMatchObject({ kind: 'noSettings' });
  });

  it('replaces the settings on a second set, reads the secret from stdin, and keeps a disabled flag', async () => {
    await createOrganisation(t.db, { subdomain: 'lit' });
    await setOkta('lit');
    await run(
      [
        'set',
        '--organisation',
        'lit',
        '--provider',
        'azure',
        '--issuer',
        'https://login.microsoftonline.com/tenant/v2.0',
        '--client-id',
        'client-2',
        '--client-secret',
        '-',
        '--disabled',
      ],
      'from-stdin\n',
    );
    expect(await findIdpSettings(t.db, t.config, 'lit')).toMatchObject({
      settings: { provider: 'azure', clientId: 'client-2', clientSecret: 'from-stdin', enabled: false },
    });
  });

  it('refuses an unknown organisation, an unknown provider, a plain-http issuer and missing options', async () => {
    await createOrganisation(t.db, { subdomain: 'lit' });
    await expect(setOkta('nowhere')).rejects.toThrow(UsageError);
    await expect(run(['set', '--organisation', 'lit', '--provider', 'google'])).rejects.toThrow(
      /azure or okta/,
    );
    await expect(
      run([
        'set',
        '--organisation',
        'lit',
        '--provider',
        'okta',
        '--issuer',
        'http://evil.example',
        ...['--client-id', 'a', '--client-secret', 'b'],
      ]),
    ).rejects.toThrow(/https/);
    await expect(run(['set', '--organisation', 'lit', '--provider', 'okta'])).rejects.toThrow(/is required/);
    await expect(run(['frobnicate'])).rejects.toThrow(UsageError);
  });

  it('answers the environment’s single organisation when it has no row, and missing organisations apart', async () => {
    await createOrganisation(t.db, { subdomain: 'lit' });
    const config = {
      ...t.config,
      idp: {
        environment: {
          subdomain: 'lit',
          provider: 'okta' as const,
          issuer: 'https://lit.okta.com',
          clientId: 'env-client',
          clientSecret: 'env-secret',
          allowedDomains: [],
          enabled: true,
        },
      },
    };
    expect(await findIdpSettings(t.db, config, 'Lit')).toMatchObject({
      settings: { clientId: 'env-client' },
    });
    expect(await findIdpSettings(t.db, config, 'nowhere')).toEqual({ kind: 'noOrganisation' });
  });
});
