/**
 * GET /api/translation?locale (spec 7) in the fake: the compiled Lingui messages of the locale, from the catalog
 * source the fake was started with (the same lazily imported catalog chunks the site bundles, i18n/i18n.ts), so a
 * German browser gets German texts with no server at all. An unknown locale answers 404.
 */
import * as v from 'valibot';
import { TranslationQueryWire } from '../../contract';
import type { FakeResolvers } from '../context';
import { failNotFound, json } from '../reply';

export const translationResolvers: FakeResolvers<'getTranslation'> = {
  getTranslation: async ({ query, catalogs }) => {
    const parsed = v.safeParse(TranslationQueryWire, query);
    if (!parsed.success) throw failNotFound();
    return json(await catalogs(parsed.output.locale));
  },
};
