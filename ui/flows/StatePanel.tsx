import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { LOCALES, type Locale } from '../../api/contract/limits';
import { eventLabel } from '../../test/model/machineDefinition';
import { Button } from '../components/Button';
import { DescriptionText } from './docs/DescriptionText';
import type { FlowEntry } from './flowCatalog';
import { flowScreens } from './flowScreens';
import type { FlowView } from './graph/flowTexts';
import { transitionsLeaving } from './layout';
import { type PathStep, shortestPathTo, startStatePaths } from './replay';
import { ScreenPreview } from './ScreenPreview';
import { stepsText } from './titles/stepText';
import { stateTitle, transitionText } from './titles/transitionText';

export interface StatePanelProps {
  flow: FlowEntry;
  /** Dotted path of the chosen state. */
  statePath: string;
  view: FlowView;
  /** How many steps of the path are taken (default: all, the state itself). */
  step: number | undefined;
  locale: Locale;
  /** A shared path of the model run to step through instead of the shortest one (FlowPage, `?path=`). */
  sharedPath?: readonly PathStep[] | undefined;
  onStep: (step: number) => void;
  onLocale: (locale: Locale) => void;
}

/**
 * One state of a flow: its description, the model's shortest path to it (stepped through one event at a time),
 * the real screen at that step, and the transitions that leave it with their guards (red: no path took it).
 */
export function StatePanel({
  flow,
  statePath,
  view,
  step,
  locale,
  sharedPath,
  onStep,
  onLocale,
}: StatePanelProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const localeId = useId();
  const state = flow.definition.states.find((candidate) => candidate.path === statePath);
  const screen = flowScreens[flow.name];
  const path = useMemo(
    () => sharedPath ?? (screen ? shortestPathTo(flow.machine, screen.options(), statePath) : undefined),
    [flow, screen, statePath, sharedPath],
  );
  const total = path?.length ?? 0;
  const taken = Math.min(step ?? total, total);
  const steps = useMemo(() => path?.slice(0, taken) ?? [], [path, taken]);
  // The reader's view names each step as the diagram does: the arc's label, the titles of the states it enters.
  const words = useMemo(
    () =>
      path && screen && view === 'reader'
        ? stepsText(i18n, flow, startStatePaths(flow.machine, screen.options()), path)
        : undefined,
    [i18n, flow, screen, path, view],
  );
  const missing = new Set(flow.coverage?.transitions.missing.map((transition) => transition.key) ?? []);
  const pathOf = (id: string) => {
    const path = flow.definition.states.find((candidate) => candidate.id === id)?.path ?? id;
    return view === 'engineer' ? path : (stateTitle(i18n, flow.name, path) ?? path);
  };
  if (!state) return null;
  const leaving = transitionsLeaving(flow.definition, state.id);
  const passedThrough = leaving.some(
    (transition) => transition.sourceId === state.id && transition.kind === 'always',
  );

  return (
    <section className="flow-state" aria-labelledby={headingId} data-testid="state-panel">
      <h2 id={headingId} tabIndex={-1} data-state={statePath}>
        {stateTitle(i18n, flow.name, statePath) ?? statePath}
      </h2>
      {view === 'engineer' ? (
        <p className="flows__code-name" data-testid="state-code-name">
          <code>{statePath}</code>
        </p>
      ) : null}
      {state.description ? (
        <details className="flows__source">
          <summary>
            <Trans>Where this comes from</Trans>
          </summary>
          {/* The spec reference is the machine's own English text. */}
          <p lang="en">
            <DescriptionText text={state.description} />
          </p>
        </details>
      ) : null}

      <h3>
        <Trans>Leaves on</Trans>
      </h3>
      {leaving.length ? (
        <ul className="flow-state__transitions">
          {leaving.map((transition) => (
            <li key={transition.key} data-uncovered={missing.has(transition.key) || undefined}>
              <code>{view === 'engineer' ? eventLabel(transition) : transitionText(i18n, transition)}</code> →{' '}
              <code>
                {transition.targetIds.length ? transition.targetIds.map(pathOf).join(', ') : t`(stays)`}
              </code>
              {missing.has(transition.key) ? (
                <span className="flows__uncovered">
                  {' '}
                  <Trans>no model path takes it</Trans>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <Trans>Nothing: the flow ends here.</Trans>
        </p>
      )}

      {screen ? (
        path ? (
          <>
            <h3>
              {sharedPath ? (
                <Trans>The shared path of the model run</Trans>
              ) : (
                <Trans>Shortest path from the start</Trans>
              )}
            </h3>
            <ol className="flow-state__steps" data-testid="path-steps" start={0}>
              <li aria-current={taken === 0 ? 'step' : undefined}>
                <Trans>start</Trans>
              </li>
              {path.map((pathStep, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same event may come twice; its place is its identity
                  key={index}
                  aria-current={taken === index + 1 ? 'step' : undefined}
                  data-done={index < taken || undefined}
                >
                  {words ? (
                    <>
                      {words[index]?.event} → {words[index]?.state}
                    </>
                  ) : (
                    <>
                      <code>{pathStep.label}</code> → <code>{pathStep.state}</code>
                    </>
                  )}
                </li>
              ))}
            </ol>
            <div className="flow-state__controls">
              <Button variant="secondary" disabled={taken === 0} onClick={() => onStep(taken - 1)}>
                <Trans>Previous step</Trans>
              </Button>
              <output data-testid="step-count">
                <Trans>
                  Step {taken} of {total}
                </Trans>
              </output>
              <Button variant="secondary" disabled={taken >= total} onClick={() => onStep(taken + 1)}>
                <Trans>Next step</Trans>
              </Button>
              <label htmlFor={localeId}>
                <Trans>Language of the screen</Trans>
              </label>
              <select
                id={localeId}
                className="flow-state__locale"
                value={locale}
                onChange={(event) => onLocale(event.target.value as Locale)}
              >
                {LOCALES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
            <ScreenPreview machine={flow.machine} screen={screen} steps={steps} locale={locale} />
          </>
        ) : (
          <p data-testid="no-screen">
            {passedThrough ? (
              <Trans>
                The machine leaves this state at once (an always transition): it has no screen of its own.
              </Trans>
            ) : (
              <Trans>The model's samples never reach this state, so there is no screen to show.</Trans>
            )}
          </p>
        )
      ) : (
        <p data-testid="no-screen">
          <Trans>The explorer does not show this flow's screens yet.</Trans>
        </p>
      )}
    </section>
  );
}
