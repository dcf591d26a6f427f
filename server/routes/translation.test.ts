import { gunzipSync } from 'node:zlib';
import { i18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { TranslationAnswerWire } from '../../api/contract/translation';
import { createTestApp, type TestApp } from '../test/testApp';

const TRANSLATION = API_PATHS.getTranslation.path;
/** A text of the footer (ui/components/Footer.tsx) with a placeholder, translated in every catalog. */
const FOOTER = '© {year}. All rights reserved.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/translation?locale=', () => {
  it.each(LOCALES)('answers the compiled messages of %s under Lingui’s generated ids', async (locale) => {
    const response = await t.client().get(TRANSLATION, { query: { locale } });
    expect(response.status).toBe(200);
    const messages = v.parse(TranslationAnswerWire, response.body);
    expect(Object.keys(messages).length).toBeGreaterThan(50);
    expect(messages[generateMessageId(FOOTER)]).toBeDefined();
  });

  it('answers texts Lingui renders: German for de-DE, English for en-US', async () => {
    const render = async (locale: string) => {
      const { body } = await t.client().get(TRANSLATION, { query: { locale } });
      i18n.loadAndActivate({ locale, messages: v.parse(TranslationAnswerWire, body) as never });
      return i18n._(generateMessageId(FOOTER), { year: 2026 });
    };
    expect(await render('de-DE')).toBe('© 2026. Alle Rechte vorbehalten.');
    expect(await render('en-US')).toBe('© 2026. All rights reserved.');
  });

  it('is sent compressed to a browser that takes it (brotli when taken, else gzip)', async () => {
    const brotli = await t.app.request(`${TRANSLATION}?locale=de-DE`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const response = await t.app.request(`${TRANSLATION}?locale=de-DE`, {
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await response.arrayBuffer());
    const messages = v.parse(TranslationAnswerWire, JSON.parse(gunzipSync(bytes).toString()));
    expect(bytes.length).toBeLessThan(JSON.stringify(messages).length / 2);
  });

  it('answers 404 in the catalogue shape for an unknown or missing locale', async () => {
    const queries: Record<string, string>[] = [{ locale: 'fr-FR' }, { locale: 'de' }, {}];
    for (const query of queries) {
      const response = await t.client().get(TRANSLATION, { query });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'unknown_server_error', message: 'unknown locale' });
    }
  });
});
