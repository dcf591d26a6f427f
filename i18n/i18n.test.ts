import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../api/contract/limits';
import { ERROR_MESSAGES } from './errorMessages';
import { activateLocale, i18n } from './i18n';

const SOMETHING_WRONG = ERROR_MESSAGES.unknown_server_error;
// A variable, not a literal: the extractor must not take the test's ids into the catalogs.
const GREETING_ID = 'test.greeting';

describe('activateLocale (spec 4 Language loading)', () => {
  it('activates the bundled catalog of each locale when there are no texts', async () => {
    const [catalog] = await getCatalogs(getConfig({ cwd: process.cwd() }));
    for (const locale of LOCALES) {
      await activateLocale(locale);
      const poText = (await catalog!.read(locale))[SOMETHING_WRONG.id]?.translation;
      expect(i18n.locale).toBe(locale);
      expect(document.documentElement.lang).toBe(locale);
      expect(i18n._(SOMETHING_WRONG.id), locale).toBe(poText);
    }
  });

  it('treats an empty answer like a failed call', async () => {
    await activateLocale('pl-PL', {});
    expect(i18n._(SOMETHING_WRONG.id)).not.toBe(SOMETHING_WRONG.id);
  });

  it('renders the compiled messages the translation call answers', async () => {
    await activateLocale('de-DE', {
      [GREETING_ID]: ['Hallo ', ['name']],
      other: ['Schon ', ['what'], ' fertig'],
    });
    expect(i18n._(GREETING_ID, { name: 'Ada' })).toBe('Hallo Ada');
    expect(i18n._('other', { what: 'ganz' })).toBe('Schon ganz fertig');
  });
});
