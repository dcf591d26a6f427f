import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../api/contract/limits';
import { ComponentsGallery } from '../ui/flows/ComponentsGallery';
import { ZOOM_PERCENTS } from '../ui/flows/FlowDiagram';
import { FlowPage } from '../ui/flows/FlowPage';
import { FlowsFrame } from '../ui/flows/FlowsFrame';
import { FlowsIndex } from '../ui/flows/FlowsIndex';
import { FlowsOverview } from '../ui/flows/FlowsOverview';
import { isFlowName } from '../ui/flows/flowCatalog';
import { InLocale } from '../ui/flows/InLocale';
import { linkLocale, linkStep } from './flowsRoutes';
import { normaliseBasePath } from './site/siteEnv';

/** A site path under this build's base ('/start' -> '/root/start' in the fake-service build). */
const addressHref = (path: string) => `${normaliseBasePath(import.meta.env.BASE_URL)}${path.slice(1)}`;

/** The flow explorer's pages (routes/flowsRoutes.tsx). */
function FlowsRoute({ unknownFlow }: { unknownFlow?: string | undefined }) {
  return (
    <FlowsFrame>
      <FlowsIndex
        unknownFlow={unknownFlow}
        renderFlowLink={(name, children) => (
          <Link to="/flows/$machine" params={{ machine: name }}>
            {children}
          </Link>
        )}
        addressHref={addressHref}
        overviewLink={
          <Link to="/flows/overview">
            <Trans>Printable overview of all flows</Trans>
          </Link>
        }
        componentsLink={
          <Link to="/flows/components">
            <Trans>The design system's components</Trans>
          </Link>
        }
        documentLinks={
          <>
            <Link to="/flows/spec">
              <Trans>The specification</Trans>
            </Link>
            {' · '}
            <Link to="/flows/decisions">
              <Trans>The decisions</Trans>
            </Link>
          </>
        }
      />
    </FlowsFrame>
  );
}

function FlowRoute() {
  const { machine } = flowPage.useParams();
  const search = flowPage.useSearch();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  // The screen speaks the visitor's language unless the link chose one.
  const visitorLocale = LOCALES.find((locale) => locale === i18n.locale) ?? DEFAULT_LOCALE;
  const step = linkStep(search.step);
  const locale = linkLocale(search.locale);
  const lang = linkLocale(search.lang);
  // Not a machine of the registry (renamed, removed, mistyped): say so above the list of every flow.
  if (!isFlowName(machine)) return <FlowsRoute unknownFlow={machine} />;
  return (
    <FlowsFrame>
      <InLocale locale={lang.locale}>
        <FlowPage
          name={machine}
          state={search.state}
          step={step.step}
          pathId={search.path}
          locale={locale.locale ?? (visitorLocale as Locale)}
          ignored={{ step: step.ignored, locale: locale.ignored, lang: lang.ignored }}
          diagramLocale={lang.locale}
          view={search.view}
          zoom={
            typeof search.zoom === 'number' && ZOOM_PERCENTS.includes(search.zoom) ? search.zoom : undefined
          }
          onChange={(next) =>
            void navigate({
              to: '/flows/$machine',
              params: { machine },
              search: {
                state: next.state,
                step: next.step,
                locale: next.locale,
                path: next.pathId,
                view: next.view === 'engineer' ? 'engineer' : undefined,
                zoom: next.zoom === 100 ? undefined : next.zoom,
                lang: next.lang,
              },
              replace: false,
              resetScroll: false,
            })
          }
          backLink={
            <Link to="/flows">
              <Trans>All flows</Trans>
            </Link>
          }
          renderPathLink={(pathId, children) => (
            <Link
              to="/flows/$machine"
              params={{ machine }}
              search={{
                state: undefined,
                step: undefined,
                locale: locale.locale,
                path: pathId,
                view: search.view,
                zoom: search.zoom,
                lang: lang.locale,
              }}
            >
              {children}
            </Link>
          )}
        />
      </InLocale>
    </FlowsFrame>
  );
}

function FlowsOverviewRoute() {
  return (
    <FlowsFrame>
      <FlowsOverview
        backLink={
          <Link to="/flows">
            <Trans>All flows</Trans>
          </Link>
        }
      />
    </FlowsFrame>
  );
}

function ComponentsRoute() {
  return (
    <FlowsFrame>
      <ComponentsGallery
        backLink={
          <Link to="/flows">
            <Trans>All flows</Trans>
          </Link>
        }
      />
    </FlowsFrame>
  );
}

export const componentsPage = createLazyRoute('/flows/components')({ component: ComponentsRoute });
export const flowsOverviewPage = createLazyRoute('/flows/overview')({ component: FlowsOverviewRoute });
export const flowsPage = createLazyRoute('/flows')({ component: FlowsRoute });
export const flowPage = createLazyRoute('/flows/$machine')({ component: FlowRoute });
