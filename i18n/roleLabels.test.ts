import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOCALES, ROLES } from '../api/contract/limits';
import { ROLE_LABELS } from './roleLabels';

describe('roles are shown as words in every locale (spec 3 roles)', () => {
  it.each(LOCALES)('%s: no role shows its identifier', async (locale) => {
    const { messages } = await import(`./locales/${locale}/messages.po`);
    const i18n = setupI18n({ locale, messages: { [locale]: messages } });
    const words = ROLES.map((role) => i18n._(ROLE_LABELS[role]));
    for (const [index, role] of ROLES.entries()) expect(words[index]).not.toBe(role);
    expect(new Set(words).size).toBe(ROLES.length);
  });
});
