/**
 * GET /api/translation in the fake: the catalogs it was started with (test/fakeApi.ts: the bundled Lingui catalogs),
 * German for de-DE (the smoke test relies on it).
 */
import { describe, expect, it } from 'vitest';
import { fakeCatalogs, setupFakeApi } from '../../test/fakeApi';
import { LOCALES, type Locale } from '../contract';
import { getTranslation } from '../translation';
import { codeOfCall } from './testing';

setupFakeApi();

describe('translation (spec 7)', () => {
  it.each(LOCALES)('answers the compiled catalog of %s', async (locale) => {
    const messages = await getTranslation(locale);
    expect(Object.keys(messages).length).toBeGreaterThan(0);
    expect(messages).toEqual(await fakeCatalogs(locale));
  });

  it('gives a German browser other texts than an English one', async () => {
    expect(await getTranslation('de-DE')).not.toEqual(await getTranslation('en-US'));
  });

  it('answers 404 for an unknown locale', async () => {
    expect(await codeOfCall(getTranslation('xx-XX' as Locale))).toBe('unknown_server_error');
    const response = await fetch(`${location.origin}/api/translation?locale=xx-XX`);
    expect(response.status).toBe(404);
  });
});
