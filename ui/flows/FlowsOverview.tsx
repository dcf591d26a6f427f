import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { usePageTitle } from '../components/usePageTitle';
import { flowAddresses } from './flowAddresses';
import { flowEntry, flowNames } from './flowCatalog';
import { FlowGraph, graphSize } from './graph/FlowGraph';
import { flowGraphOf, flowLegend } from './graph/flowTexts';
import { PRINT_MM_PER_UNIT, type PrintTile, printPlan } from './graph/printPlan';
import { flowTitle } from './titles/flowTitles';

/**
 * /flows/overview: every flow's diagram in the reader's words, one flow to a printed page (flows.css, print): a
 * product owner prints it or saves it as PDF from the browser's print dialog. No printed text is under 7 pt: a wide
 * flow goes on a landscape page, a larger one in parts across landscape pages (graph/printPlan.ts).
 */
export function FlowsOverview({ backLink }: { backLink: ReactNode }) {
  const { t, i18n } = useLingui();
  usePageTitle(msg`All flows`);
  return (
    <article className="flows flows-overview">
      <div className="flows__screen-only">
        <p>{backLink}</p>
        <h1>
          <Trans>All flows</Trans>
        </h1>
        <p className="flows__lead">
          <Trans>Every flow of the site, one to a printed page.</Trans>
        </p>
        <Button onClick={() => window.print()}>
          <Trans>Print or save as PDF</Trans>
        </Button>
      </div>
      {flowNames.map((name) => {
        const flow = flowEntry(name);
        const title = flowTitle(i18n, name);
        const layout = flowGraphOf(i18n, flow, 'reader');
        const legend = flowLegend(i18n);
        const size = graphSize(layout, legend);
        const plan = printPlan(size);
        const pictureId = `sheet-graph-${name}`;
        const parts = plan.kind === 'tiles' ? plan.tiles.length : 1;
        return (
          <section
            key={name}
            className="flow-sheet"
            data-flow={name}
            data-print={plan.kind}
            aria-labelledby={`sheet-${name}`}
          >
            <h2 id={`sheet-${name}`}>{title}</h2>
            <p className="flow-sheet__addresses">
              <Trans>Runs at:</Trans> {flowAddresses[name].join(', ')}
            </p>
            {/* On paper a disclosure would stay shut: the spec reference is printed, small, in its own English. */}
            <p className="flows__code-name">
              <Trans>Machine</Trans> <code>{name}</code>
              {flow.description ? (
                <>
                  {' · '}
                  <span lang="en">{flow.description}</span>
                </>
              ) : null}
            </p>
            <div className="flow-sheet__picture">
              <FlowGraph id={pictureId} layout={layout} legend={legend} title={t`Flow: ${title}`} />
            </div>
            {plan.kind === 'tiles' ? (
              <div className="flow-sheet__tiles" aria-hidden="true">
                {plan.tiles.map((tile, index) => {
                  const part = index + 1;
                  return (
                    <PrintedPart
                      key={`${tile.x},${tile.y}`}
                      tile={tile}
                      size={size}
                      pictureId={pictureId}
                      caption={t`${title}: part ${part} of ${parts}`}
                    />
                  );
                })}
              </div>
            ) : null}
          </section>
        );
      })}
    </article>
  );
}

/** One printed part of a large picture: that piece of it (`<use>` of the picture above), at 7 pt labels. */
function PrintedPart({
  tile,
  size,
  pictureId,
  caption,
}: {
  tile: PrintTile;
  size: { width: number; height: number };
  pictureId: string;
  caption: string;
}) {
  const mm = (units: number) => `${(units * PRINT_MM_PER_UNIT).toFixed(1)}mm`;
  return (
    <figure className="flow-sheet__tile" data-tile>
      <figcaption>{caption}</figcaption>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${tile.x} ${tile.y} ${tile.width} ${tile.height}`}
        width={mm(tile.width)}
        height={mm(tile.height)}
        role="img"
        aria-label={caption}
      >
        <title>{caption}</title>
        <use href={`#${pictureId}`} width={size.width} height={size.height} />
      </svg>
    </figure>
  );
}
