import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '../../api/contract/limits';
import type { MachineName } from '../../machines/registry';
import { usePageTitle } from '../components/usePageTitle';
import { CoverageCount } from './CoverageCount';
import { FlowDiagram } from './FlowDiagram';
import { flowEntry } from './flowCatalog';
import { StatePanel } from './StatePanel';

export interface FlowPageProps {
  name: MachineName;
  state: string | undefined;
  step: number | undefined;
  locale: Locale;
  /** Changes the page's search: the state, the step, the screen's locale (a product owner can link any of them). */
  onChange: (search: { state?: string; step?: number | undefined; locale?: Locale }) => void;
  backLink: ReactNode;
}

/** /flows/<machine>: the diagram, and the chosen state's screen, path and ways out. */
export function FlowPage({ name, state, step, locale, onChange, backLink }: FlowPageProps) {
  usePageTitle(msg`Flow ${name}`);
  const flow = flowEntry(name);
  const pathCount = flow.coverage?.paths.length ?? 0;
  const known = state !== undefined && flow.definition.states.some((candidate) => candidate.path === state);
  return (
    <article className="flows">
      <p>{backLink}</p>
      <h1>
        <Trans>Flow {name}</Trans>
      </h1>
      {flow.description ? <p className="flows__lead">{flow.description}</p> : null}
      <dl className="flow-summary" data-testid="flow-coverage">
        <dt>
          <Trans>States covered</Trans>
        </dt>
        <dd data-coverage="states">
          <CoverageCount count={flow.coverage?.states} />
        </dd>
        <dt>
          <Trans>Transitions covered</Trans>
        </dt>
        <dd data-coverage="transitions">
          <CoverageCount count={flow.coverage?.transitions} />
        </dd>
      </dl>
      {flow.coverage?.paths.length ? (
        <details className="flow-paths">
          <summary>
            <Trans>Paths of the last model run ({pathCount})</Trans>
          </summary>
          <ol>
            {flow.coverage.paths.map((path) => (
              <li key={path.description}>
                <code>{path.description.replace(/^#\d+ /, '')}</code>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className="flow-layout">
        <section className="flow-layout__diagram" aria-label={flow.name}>
          <FlowDiagram
            flow={flow}
            selected={known ? state : undefined}
            onSelect={(path) => onChange({ state: path, step: undefined, locale })}
          />
        </section>
        {known && state ? (
          <StatePanel
            key={state}
            flow={flow}
            statePath={state}
            step={step}
            locale={locale}
            onStep={(next) => onChange({ state, step: next, locale })}
            onLocale={(next) => onChange({ state, step, locale: next })}
          />
        ) : (
          <p className="flow-layout__hint">
            <Trans>Choose a state to see its screen.</Trans>
          </p>
        )}
      </div>
    </article>
  );
}
