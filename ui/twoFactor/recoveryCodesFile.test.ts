import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../api/contract/limits';
import { loadBundledCatalog } from '../../i18n/i18n';
import { recoveryCodesFile } from './recoveryCodesFile';

const INPUT = {
  text: 'ab12cd\nef34gh\n',
  account: 'ada@example.com',
  site: 'account.example.com',
  date: new Date('2026-11-23T12:00:00Z'),
};

describe('recoveryCodesFile', () => {
  it('names the site, the account and the date above the codes', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
    expect(recoveryCodesFile(i18n, INPUT)).toBe(
      'Recovery codes for ada@example.com at account.example.com, saved on November 23, 2026.\n' +
        'Each code logs you in once when you cannot use your authenticator app. Keep them somewhere safe.\n\n' +
        'ab12cd\nef34gh\n',
    );
    expect(recoveryCodesFile(i18n, { ...INPUT, account: undefined }).split('\n')[0]).toBe(
      'Recovery codes for account.example.com, saved on November 23, 2026.',
    );
  });

  it.each(
    LOCALES.filter((locale) => locale !== 'en-US'),
  )('is written in %s, names included', async (locale) => {
    const i18n = setupI18n({ locale, messages: { [locale]: await loadBundledCatalog(locale) } });
    const file = recoveryCodesFile(i18n, INPUT);
    const [heading, use] = file.split('\n');
    expect(heading).toContain('ada@example.com');
    expect(heading).toContain('account.example.com');
    expect(heading).toContain('2026');
    expect(heading).not.toContain('Recovery codes for');
    expect(use).not.toContain('Each code');
    expect(file.endsWith('ab12cd\nef34gh\n')).toBe(true);
  });
});
