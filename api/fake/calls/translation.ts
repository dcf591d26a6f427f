/**
 * GET /api/translation?locale (spec 7) in the fake: the compiled Lingui messages of the locale, from the same
 * lazily imported catalog chunk the site bundles (i18n/i18n.ts), so a German browser gets German texts with no
 * server at all. An unknown locale answers 404.
 */
import * as v from 'valibot';
import { loadBundledCatalog } from '../../../i18n/i18n';
import { TranslationQueryWire } from '../../contract';
import type { FakeResolvers } from '../context';
import { failNotFound, json } from '../reply';

export const translationResolvers: FakeResolvers<'getTranslation'> = {
  getTranslation: async ({ query }) => {
    const parsed = v.safeParse(TranslationQueryWire, query);
    if (!parsed.success) throw failNotFound();
    return json(await loadBundledCatalog(parsed.output.locale));
  },
};
