import { createRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LOCALES, type Locale } from '../api/contract/limits';
import { outsideLayout } from './outsideLayout';

/**
 * The flow explorer (docs/decisions/conventions.md: Flow explorer): every machine of machines/registry.ts drawn from itself,
 * its states' real screens and its model coverage. Only in builds that have it (routes/site/flowsEnabled.ts); tree.ts
 * leaves these routes out of a production build, which then has neither them nor their lazy chunk.
 */

const optional = <TSchema extends v.GenericSchema<unknown, unknown>>(schema: TSchema) =>
  v.fallback(v.optional(schema), undefined);

/**
 * /flows/<machine>?state=enteringCode&step=2&locale=de-DE: a product owner's link to a state's screen, at a step
 * of the path that reaches it, in a locale; `path=<id>` replays a path of the model run (test/model/pathId.ts)
 * instead of the shortest one. The step and locale are kept as written (short text) and judged by the page
 * (`linkStep`, `linkLocale`), which says what it cannot use instead of dropping it without a word; anything else
 * malformed is dropped, like every search of the site. `view` (reader or engineer) and `zoom` (percent) keep how
 * the diagram was read; `lang` the language of the diagram and its page (de-DE), without changing the site's
 * (its cookie): a link sent to someone keeps the language it was read in.
 */
const flowSearch = () =>
  v.object({
    state: optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.]{1,200}$/))),
    // The site's search is plain text (routes/search/searchParams.ts); a number is accepted too.
    step: optional(v.union([v.number(), v.pipe(v.string(), v.maxLength(40))])),
    locale: optional(v.pipe(v.string(), v.maxLength(40))),
    lang: optional(v.pipe(v.string(), v.maxLength(40))),
    path: optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{10}$/))),
    view: optional(v.picklist(['reader', 'engineer'])),
    zoom: optional(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{2,3}$/), v.transform(Number))])),
  });

/** A link's step: a whole number 0-999, or what it said instead (`ignored`). */
export function linkStep(step: number | string | undefined): { step?: number; ignored?: string } {
  if (step === undefined) return {};
  const number = typeof step === 'number' ? step : /^\d{1,3}$/.test(step) ? Number(step) : Number.NaN;
  return Number.isInteger(number) && number >= 0 && number <= 999
    ? { step: number }
    : { ignored: String(step) };
}

/** A link's locale: one of the site's, or what it said instead (`ignored`). */
export function linkLocale(locale: string | undefined): { locale?: Locale; ignored?: string } {
  if (locale === undefined) return {};
  const known = LOCALES.find((candidate) => candidate === locale);
  return known ? { locale: known } : { ignored: locale };
}
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

  // The design system's components in both palettes (ui/flows/ComponentsGallery.tsx), static like the overview.
  const componentsRoute = createRoute({ ...outsideLayout, path: '/flows/components' }).lazy(() =>
    import('./flowsPages.lazy').then((m) => m.componentsPage),
  );

  // The specification and the decisions the machines' descriptions cite, their own lazy chunk (ui/flows/docs).
  const specRoute = createRoute({ ...outsideLayout, path: '/flows/spec' }).lazy(() =>
    import('./flowsDocuments.lazy').then((m) => m.specPage),
  );
  const decisionsRoute = createRoute({ ...outsideLayout, path: '/flows/decisions' }).lazy(() =>
    import('./flowsDocuments.lazy').then((m) => m.decisionsPage),
  );

  return [flowsRoute, overviewRoute, componentsRoute, specRoute, decisionsRoute, flowRoute];
}
