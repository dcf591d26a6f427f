import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { LOCALES, type Locale } from '../../api/contract/limits';
import type { MachineName } from '../../machines/registry';
import { usePageTitle } from '../components/usePageTitle';
import { changesAgainstAgreed, type FlowChanges } from './agreedFlow';
import { CoverageCount } from './CoverageCount';
import { DescriptionText } from './docs/DescriptionText';
import { FlowDiagram } from './FlowDiagram';
import { type FlowEntry, flowEntry } from './flowCatalog';
import { flowScreens } from './flowScreens';
import type { FlowView } from './graph/flowTexts';
import { ModelPaths, type ModelPathsProps } from './ModelPaths';
import { followPath } from './replay';
import { StatePanel } from './StatePanel';
import { flowTitle } from './titles/flowTitles';

export interface FlowPageProps {
  name: MachineName;
  state: string | undefined;
  step: number | undefined;
  /** A path of the last model run by its id (test/model/pathId.ts): the test report links here to replay it. */
  pathId?: string | undefined;
  locale: Locale;
  /**
   * What the link asked for that the page cannot use (a malformed step, a screen or diagram language the site has
   * not), as written.
   */
  ignored?: { step?: string | undefined; locale?: string | undefined; lang?: string | undefined };
  /** The link's language of the diagram and this page (`?lang=`), when it chose one (routes: InLocale). */
  diagramLocale?: Locale | undefined;
  /** The diagram's words (the reader's or the engineer's) and its zoom in percent, as the link keeps them. */
  view?: FlowView | undefined;
  zoom?: number | undefined;
  /**
   * Changes the page's search: the state, the step, the screen's locale, the path, the view and the zoom (all of
   * them can be linked).
   */
  onChange: (search: FlowSearchChange) => void;
  backLink: ReactNode;
  /** A link to this page replaying a path of the model run (`?path=<id>`). */
  renderPathLink: ModelPathsProps['renderPathLink'];
}

export interface FlowSearchChange {
  state?: string | undefined;
  step?: number | undefined;
  locale?: Locale;
  pathId?: string | undefined;
  view?: FlowView | undefined;
  zoom?: number | undefined;
  /** The diagram's language as the link keeps it (`?lang=`); undefined: the site's. */
  lang?: Locale | undefined;
}

/** /flows/<machine>: the diagram, and the chosen state's screen, path and ways out. */
export function FlowPage({
  name,
  state: linkedState,
  step,
  pathId,
  locale,
  ignored,
  view = 'reader',
  zoom,
  diagramLocale,
  onChange,
  backLink,
  renderPathLink,
}: FlowPageProps) {
  const { i18n } = useLingui();
  const languageId = useId();
  const title = flowTitle(i18n, name);
  usePageTitle(msg`Flow: ${title}`);
  const flow = flowEntry(name);
  // What the link keeps besides the state: the view, the zoom and the diagram's language go along with every change.
  const kept = { view, zoom, lang: diagramLocale };
  const shared = useMemo(() => sharedPathOf(flow, pathId), [flow, pathId]);
  const [changes, setChanges] = useState<FlowChanges>();
  useEffect(() => {
    let cancelled = false;
    setChanges(undefined);
    void changesAgainstAgreed(flow.name, flow.machine).then((found) => {
      if (!cancelled) setChanges(found);
    });
    return () => {
      cancelled = true;
    };
  }, [flow]);
  // A shared path shows the state it ends in unless the link names one.
  const state = linkedState ?? shared?.statePath;
  const known = state !== undefined && flow.definition.states.some((candidate) => candidate.path === state);
  const ignoredStep = ignored?.step;
  const ignoredLocale = ignored?.locale;
  const ignoredLang = ignored?.lang;
  const diagramLanguage = i18n.locale;
  return (
    <article className="flows">
      <p>{backLink}</p>
      <h1>{title}</h1>
      <p className="flows__code-name" data-testid="flow-code-name">
        <Trans>Machine</Trans> <code>{name}</code>
      </p>
      {flow.description ? (
        <details className="flows__source">
          <summary>
            <Trans>Where this comes from</Trans>
          </summary>
          {/* The spec reference is the machine's own English text. */}
          <p lang="en">
            <DescriptionText text={flow.description} />
          </p>
        </details>
      ) : null}
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
      {changes ? <AgreedFlowChanges name={name} changes={changes} /> : null}
      <p className="flows__language">
        <label htmlFor={languageId}>
          <Trans>Language of the diagram</Trans>
        </label>{' '}
        {/* The link keeps it (?lang=); the site's own language, its cookie included, stays as it is. */}
        <select
          id={languageId}
          value={i18n.locale}
          onChange={(event) =>
            onChange({
              state: linkedState,
              step,
              locale,
              pathId,
              ...kept,
              lang: event.target.value as Locale,
            })
          }
        >
          {LOCALES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </p>
      <ModelPaths flow={flow} view={view} renderPathLink={renderPathLink} />
      {linkedState !== undefined && !known ? (
        <p className="flows__problem" role="alert" data-testid="unknown-state">
          <Trans>
            This flow has no state “{linkedState}”. The link may be older than the flow: choose a state below.
          </Trans>
        </p>
      ) : null}
      {ignoredStep !== undefined ? (
        <p className="flows__problem" role="alert" data-testid="ignored-step">
          <Trans>
            The link’s step “{ignoredStep}” is not a step number: the state is shown at its last step.
          </Trans>
        </p>
      ) : null}
      {ignoredLocale !== undefined ? (
        <p className="flows__problem" role="alert" data-testid="ignored-locale">
          <Trans>
            The link’s language “{ignoredLocale}” is not one of the site’s: the screens are shown in {locale}.
          </Trans>
        </p>
      ) : null}
      {ignoredLang !== undefined ? (
        <p className="flows__problem" role="alert" data-testid="ignored-lang">
          <Trans>
            The link’s diagram language “{ignoredLang}” is not one of the site’s: the diagram is shown in{' '}
            {diagramLanguage}.
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
        <section className="flow-layout__diagram" aria-label={title}>
          <FlowDiagram
            flow={flow}
            selected={known ? state : undefined}
            onSelect={(path) => onChange({ state: path, step: undefined, locale, ...kept })}
            highlighted={shared?.visited}
            added={changes?.added}
            view={view}
            onView={(next) => onChange({ state: linkedState, step, locale, pathId, ...kept, view: next })}
            zoom={zoom}
            onZoom={(next) => onChange({ state: linkedState, step, locale, pathId, ...kept, zoom: next })}
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
            onStep={(next) => onChange({ state: linkedState, step: next, locale, pathId, ...kept })}
            onLocale={(next) => onChange({ state: linkedState, step, locale: next, pathId, ...kept })}
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

/**
 * What this build's flow changes against the agreed one (docs/flows/<machine>.md): nothing once approved; else each
 * change as `npm run diagrams:check` names it (the engineer's English), and the new states highlighted on the diagram.
 */
function AgreedFlowChanges({ name, changes }: { name: string; changes: FlowChanges }) {
  const file = `docs/flows/${name}.md`;
  if (!changes.sentences.length)
    return (
      <p className="flows__agreed" data-testid="flow-changes" data-changes="0">
        <Trans>
          Same as the agreed flow (<code>{file}</code>).
        </Trans>
      </p>
    );
  return (
    <section className="flows__problem" data-testid="flow-changes" data-changes={changes.sentences.length}>
      <h2>
        <Trans>Changes against the agreed flow</Trans>
      </h2>
      <p>
        <Trans>
          This build differs from the flow approved in <code>{file}</code>; new states are drawn in green.
          Approve the change with <code>npm run diagrams</code>, or change the machine back.
        </Trans>
      </p>
      <ul lang="en">
        {changes.sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
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
