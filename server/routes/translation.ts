/**
 * GET /api/translation?locale= (spec 7): the compiled Lingui messages of one of the six
 * locales (catalogs.ts). An unknown or missing locale answers 404 in the catalogue's shape, like any unknown
 * resource.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { API_PATHS } from '../../api/contract/paths';
import { TranslationQueryWire } from '../../api/contract/translation';
import { catalogCache } from '../catalogs';
import type { AppDeps, AppEnv } from '../deps';
import { compressedAnswer } from '../http/compressedAnswer';
import { ApiProblem } from '../http/problem';

export const translationRoutes = (_deps: AppDeps) => {
  const catalog = catalogCache();
  // The catalogue is public text the same for everyone: compressed on the way out (http/compressedAnswer.ts).
  return new Hono<AppEnv>().get(API_PATHS.getTranslation.path, compressedAnswer(), async (c) => {
    const query = v.safeParse(TranslationQueryWire, c.req.query());
    if (!query.success)
      throw new ApiProblem(404, { code: 'unknown_server_error', message: 'unknown locale' });
    return c.json(await catalog(query.output.locale));
  });
};
