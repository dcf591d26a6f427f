import { createRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LOCALES } from '../api/contract/limits';
import { outsideLayout } from './outsideLayout';

/**
 * The flow explorer (docs/decisions/conventions.md: Flow explorer): every machine of machines/registry.ts drawn from itself,
 * its states' real screens and its model coverage. Only in builds that have it (routes/flowsEnabled.ts); tree.ts
 * leaves these routes out of a production build, which then has neither them nor their lazy chunk.
 */

const optional = <TSchema extends v.GenericSchema<unknown, unknown>>(schema: TSchema) =>
  v.fallback(v.optional(schema), undefined);

/**
 * /flows/<machine>?state=enteringCode&step=2&locale=de-DE: a product owner's link to a state's screen, at a step
 * of the path that reaches it, in a locale; `path=<id>` replays a path of the model run (test/model/pathId.ts)
 * instead of the shortest one. Anything malformed is dropped, like every search of the site.
 */
const flowSearch = () =>
  v.object({
    state: optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.]{1,200}$/))),
    // The router reads `step=2` as the number 2 (its search is JSON where it parses); a quoted "2" is accepted too.
    step: optional(
      v.union([
        v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
        v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number)),
      ]),
    ),
    locale: optional(v.picklist(LOCALES)),
    path: optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{10}$/))),
  });
/**
 * The routes, made on demand by tree.ts when the build has the explorer. (A build without it replaces this module
 * with `flowsRoutes = () => []`, vite.config.ts; the valibot schema below is made here for the same reason.)
 */
export function flowsRoutes() {
  const flowsRoute = createRoute({ ...outsideLayout, path: '/flows' }).lazy(() =>
    import('./flowsPages.lazy').then((m) => m.flowsPage),
  );

  const flowRoute = createRoute({
    ...outsideLayout,
    path: '/flows/$machine',
    validateSearch: flowSearch(),
  }).lazy(() => import('./flowsPages.lazy').then((m) => m.flowPage));

  // The printable overview of every flow (a static path: the router prefers it to /flows/$machine).
  const overviewRoute = createRoute({ ...outsideLayout, path: '/flows/overview' }).lazy(() =>
    import('./flowsPages.lazy').then((m) => m.flowsOverviewPage),
  );

  return [flowsRoute, overviewRoute, flowRoute];
}
