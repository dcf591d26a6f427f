// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../api/contract/limits';
import { parsePo } from '../server/catalogs';

/**
 * docs/decisions/product.md: Words. The image of the two-factor setup is a QR code in every locale, and the codes saved for
 * a lost phone have one name per locale: English never says 'barcode' or 'backup code' beside 'recovery code'.
 */
const RECOVERY_TERM: Record<Locale, RegExp> = {
  'en-US': /recovery code/i,
  'de-DE': /Backup-Code/i,
  'es-ES': /c[oó]digos? de respaldo/i,
  'ru-RU': /резервн/i,
  'pl-PL': /kod(y|ów|u)? zapasow/i,
  'ro-RO': /cod(ul|uri|urile)?( dumneavoastră)? de rezervă/i,
};

const entries = (locale: Locale) => parsePo(readFileSync(`i18n/locales/${locale}/messages.po`, 'utf8'));

describe('one term per locale', () => {
  it('English says QR code and recovery code, never barcode or backup code', () => {
    for (const { translation } of entries('en-US')) expect(translation).not.toMatch(/barcode|backup code/i);
  });

  it.each(LOCALES)('%s names the recovery codes with its one term, and the QR code as such', (locale) => {
    for (const { message, translation } of entries(locale)) {
      if (/recovery code/i.test(message)) expect(translation, message).toMatch(RECOVERY_TERM[locale]);
      if (/QR code/.test(message)) expect(translation, message).toMatch(/QR/);
    }
  });
});
