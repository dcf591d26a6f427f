import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { usePageTitle } from '../components/usePageTitle';
import { flowAddresses } from './flowAddresses';
import { flowEntry, flowNames } from './flowCatalog';
import { FlowGraph } from './graph/FlowGraph';
import { flowGraphOf, flowLegend } from './graph/flowTexts';
import { flowTitle } from './titles/flowTitles';

/**
 * /flows/overview: every flow's diagram in the reader's words, one flow to a printed page (flows.css, print): a
 * product owner prints it or saves it as PDF from the browser's print dialog.
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
        return (
          <section key={name} className="flow-sheet" data-flow={name} aria-labelledby={`sheet-${name}`}>
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
              <FlowGraph
                layout={flowGraphOf(i18n, flow, 'reader')}
                legend={flowLegend(i18n)}
                title={t`Flow: ${title}`}
              />
            </div>
          </section>
        );
      })}
    </article>
  );
}
