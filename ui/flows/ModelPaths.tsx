import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import type { CoveragePath } from '../../test/model/coverage';
import type { FlowEntry } from './flowCatalog';
import { flowScreens } from './flowScreens';
import type { FlowView } from './graph/flowTexts';
import { followPath } from './replay';
import { recordedEventText, statesText, stepsText } from './titles/stepText';

export interface ModelPathsProps {
  flow: FlowEntry;
  view: FlowView;
  /** A link that replays a path on this page (`?path=<id>`, FlowPage). */
  renderPathLink: (pathId: string, children: ReactNode) => ReactNode;
}

/** The words of a path, alternately states and the arcs between them. */
interface PathWords {
  states: string[];
  events: string[];
}

/**
 * The paths of the last model run, each a link that replays it. The reader reads each as the diagram says it
 * (state titles, arc labels); the engineer, as the model run wrote it. Walked only once the list is opened: a
 * flow's model graph takes a moment to build.
 */
export function ModelPaths({ flow, view, renderPathLink }: ModelPathsProps) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const paths = flow.coverage?.paths ?? [];
  const pathCount = paths.length;
  const readable = useMemo(
    () =>
      open && view === 'reader'
        ? new Map(paths.map((path) => [path.id, pathWords(i18n, flow, path)]))
        : undefined,
    [open, view, paths, i18n, flow],
  );
  if (!pathCount) return null;
  return (
    <details className="flow-paths" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Trans>Paths of the last model run ({pathCount})</Trans>
      </summary>
      {open ? (
        <ol data-testid="model-paths">
          {paths.map((path) => {
            const words = readable?.get(path.id);
            return (
              <li key={path.id} id={`path-${path.id}`} data-path={path.id}>
                {renderPathLink(
                  path.id,
                  words ? <Sentence words={words} /> : <code>{path.description.replace(/^\S+ /, '')}</code>,
                )}{' '}
                <code className="flows__code-name">{path.id}</code>
              </li>
            );
          })}
        </ol>
      ) : null}
    </details>
  );
}

function Sentence({ words }: { words: PathWords }) {
  return (
    <>
      {words.states[0] ?? null}
      {words.events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same event may come twice; its place is its identity
        <Fragment key={index}>
          {words.states[0] !== undefined || index > 0 ? ' → ' : null}
          <em>{event}</em>
          {words.states[index + 1] !== undefined ? ` → ${words.states[index + 1]}` : null}
        </Fragment>
      ))}
    </>
  );
}

/** A recorded path walked on the explorer's graph; where it cannot be walked, its events alone. */
function pathWords(i18n: Parameters<typeof stepsText>[0], flow: FlowEntry, path: CoveragePath): PathWords {
  const screen = flowScreens[flow.name];
  const walked = screen ? followPath(flow.machine, screen.options(), path.events) : undefined;
  if (!walked)
    return { states: [], events: path.events.map((event) => recordedEventText(i18n, flow, event)) };
  const steps = stepsText(i18n, flow, walked.start, walked.steps);
  return {
    states: [statesText(i18n, flow.name, walked.start), ...steps.map((step) => step.state)],
    events: steps.map((step) => step.event),
  };
}
