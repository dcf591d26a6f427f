import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import type { Locale } from '../../api/contract/limits';
import type { MachineName } from '../../machines/registry';
import { usePageTitle } from '../components/usePageTitle';
import { CoverageCount } from './CoverageCount';
import { FlowDiagram } from './FlowDiagram';
import { type FlowEntry, flowEntry } from './flowCatalog';
import { flowScreens } from './flowScreens';
import type { FlowView } from './graph/flowTexts';
import { followPath } from './replay';
import { StatePanel } from './StatePanel';

export interface FlowPageProps {
  name: MachineName;
  state: string | undefined;
  step: number | undefined;
  /** A path of the last model run by its id (test/model/pathId.ts): the test report links here to replay it. */
  pathId?: string | undefined;
  locale: Locale;
  /** Changes the page's search: the state, the step, the screen's locale, the path (all of them can be linked). */
  onChange: (search: { state?: string; step?: number | undefined; locale?: Locale; pathId?: string }) => void;
  backLink: ReactNode;
}

/** /flows/<machine>: the diagram, and the chosen state's screen, path and ways out. */
export function FlowPage({
  name,
  state: linkedState,
  step,
  pathId,
  locale,
  onChange,
  backLink,
}: FlowPageProps) {
  usePageTitle(msg`Flow ${name}`);
  const flow = flowEntry(name);
  const [view, setView] = useState<FlowView>('reader');
  const pathCount = flow.coverage?.paths.length ?? 0;
  const shared = useMemo(() => sharedPathOf(flow, pathId), [flow, pathId]);
  // A shared path shows the state it ends in unless the link names one.
  const state = linkedState ?? shared?.statePath;
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
              <li key={path.id} id={`path-${path.id}`}>
                <code>{path.id}</code> <code>{path.description.replace(/^\S+ /, '')}</code>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {linkedState !== undefined && !known ? (
        <p className="flows__problem" role="alert" data-testid="unknown-state">
          <Trans>
            This flow has no state “{linkedState}”. The link may be older than the flow: choose a state below.
          </Trans>
        </p>
      ) : null}
      {pathId !== undefined && !shared ? (
        <p className="flows__problem" role="alert" data-testid="unknown-path">
          <Trans>
            The last model run has no path {pathId} that this flow can replay: run the model tests again, or
            choose a state below.
          </Trans>
        </p>
      ) : null}
      <div className="flow-layout">
        <section className="flow-layout__diagram" aria-label={flow.name}>
          <FlowDiagram
            flow={flow}
            selected={known ? state : undefined}
            onSelect={(path) => onChange({ state: path, step: undefined, locale })}
            highlighted={shared?.visited}
            view={view}
            onView={setView}
          />
        </section>
        {known && state ? (
          <StatePanel
            key={state}
            flow={flow}
            statePath={state}
            view={view}
            step={step}
            locale={locale}
            sharedPath={shared && shared.statePath === state ? shared.steps : undefined}
            onStep={(next) => onChange({ state: linkedState, step: next, locale, pathId })}
            onLocale={(next) => onChange({ state: linkedState, step, locale: next, pathId })}
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

/** The path `?path=<id>` names, walked on the explorer's graph: its steps, its last state, every state it passes. */
function sharedPathOf(flow: FlowEntry, pathId: string | undefined) {
  const recorded = pathId ? flow.coverage?.paths.find((path) => path.id === pathId) : undefined;
  const screen = flowScreens[flow.name];
  if (!recorded || !screen) return undefined;
  const walked = followPath(flow.machine, screen.options(), recorded.events);
  if (!walked) return undefined;
  const visited = new Set([...walked.start, ...walked.steps.flatMap((step) => step.statePaths)]);
  return { ...walked, visited };
}
