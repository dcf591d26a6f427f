import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '../components/Button';
import { VisuallyHidden } from '../components/VisuallyHidden';
import type { FlowEntry } from './flowCatalog';
import { downloadPng, downloadSvg } from './graph/download';
import { FlowGraph, graphSize } from './graph/FlowGraph';
import { downloadStamp, type FlowView, flowGraphOf, flowLegend } from './graph/flowTexts';
import { ANY_STATE, layoutFlow } from './layout';
import { flowTitle } from './titles/flowTitles';
import { stateTitle } from './titles/transitionText';

export interface FlowDiagramProps {
  flow: FlowEntry;
  /** Dotted path of the chosen state. */
  selected: string | undefined;
  onSelect: (path: string) => void;
  /** States a shared path of the model run passes through (`?path=`), marked on the diagram. */
  highlighted?: ReadonlySet<string> | undefined;
  /** States the agreed flow does not have (agreedFlow.ts), highlighted. */
  added?: ReadonlySet<string> | undefined;
  /** The reader's words (titles, event names, guard meanings) or the engineer's (raw names, guards). */
  view: FlowView;
  onView: (view: FlowView) => void;
  /** The zoom in percent, one of ZOOM_PERCENTS, when the page keeps it (in its link); else the diagram's own. */
  zoom?: number | undefined;
  onZoom?: (percent: number) => void;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5];
/** The zooms a link may name, in percent. */
export const ZOOM_PERCENTS: readonly number[] = ZOOMS.map((zoom) => Math.round(zoom * 100));
const DEFAULT_ZOOM_INDEX = 2;
/** The least a picture shrinks to fit its frame: labels of 11 px stay at 7.7 px and more. */
const MIN_FIT = 0.7;

/**
 * The state diagram of a machine, drawn from its definition: a picture laid out by dagre (graph/flowGraph.ts)
 * with every arc labelled, to download as SVG or PNG; and below it every state as a button (keyboard, screen
 * readers) with its title and its spec reference. Red: no path of the last model run covered it.
 */
export function FlowDiagram({
  flow,
  selected,
  onSelect,
  highlighted,
  added,
  view,
  onView,
  zoom: linkedZoom,
  onZoom,
}: FlowDiagramProps) {
  const { t, i18n } = useLingui();
  const [ownZoomIndex, setOwnZoomIndex] = useState(DEFAULT_ZOOM_INDEX);
  const linkedIndex = linkedZoom === undefined ? -1 : ZOOM_PERCENTS.indexOf(linkedZoom);
  const zoomIndex = onZoom ? (linkedIndex >= 0 ? linkedIndex : DEFAULT_ZOOM_INDEX) : ownZoomIndex;
  const setZoomIndex = (index: number) =>
    onZoom ? onZoom(ZOOM_PERCENTS[index] ?? 100) : setOwnZoomIndex(index);
  const zoom = ZOOMS[zoomIndex] ?? 1;
  const graph = useMemo(() => flowGraphOf(i18n, flow, view), [i18n, flow, view]);
  const legend = useMemo(() => flowLegend(i18n), [i18n]);
  const size = graphSize(graph, legend);
  const rows = useMemo(
    () =>
      layoutFlow(flow.definition, { initial: flow.machine.root.initial?.target?.[0]?.key }, flow.coverage)
        .rows,
    [flow],
  );
  const svgRef = useRef<SVGSVGElement>(null);
  const descriptionId = useId();
  const viewId = useId();
  const name = flow.name;
  const fileName = `${name}${view === 'engineer' ? '-engineer' : ''}-${i18n.locale}`;
  const title = flowTitle(i18n, name);
  // The picture's name: the flow's title for the reader, its machine name in the engineer's view.
  const pictureName = view === 'engineer' ? t`Flow ${name}` : t`Flow: ${title}`;
  // What a downloaded file says under the picture: which flow, in which language, when, from which release.
  const stamp = () => downloadStamp(i18n, pictureName, new Date());

  return (
    <div className="flow-diagram">
      <div className="flow-diagram__tools">
        <label className="flow-diagram__view" htmlFor={viewId}>
          <input
            id={viewId}
            type="checkbox"
            checked={view === 'engineer'}
            onChange={(event) => onView(event.target.checked ? 'engineer' : 'reader')}
          />{' '}
          <Trans>Engineer’s view (state names, events, guards)</Trans>
        </label>
        <div className="flow-diagram__zoom">
          <Button
            variant="secondary"
            aria-label={t`Zoom out`}
            disabled={zoomIndex === 0}
            onClick={() => setZoomIndex(zoomIndex - 1)}
          >
            −
          </Button>
          <output aria-live="polite">{Math.round(zoom * 100)} %</output>
          <Button
            variant="secondary"
            aria-label={t`Zoom in`}
            disabled={zoomIndex === ZOOMS.length - 1}
            onClick={() => setZoomIndex(zoomIndex + 1)}
          >
            +
          </Button>
        </div>
        <div className="flow-diagram__downloads">
          <Button
            variant="secondary"
            onClick={() => svgRef.current && downloadSvg(svgRef.current, `${fileName}.svg`, stamp())}
          >
            <Trans>Download SVG</Trans>
          </Button>
          <Button
            variant="secondary"
            onClick={() => svgRef.current && void downloadPng(svgRef.current, `${fileName}.png`, stamp())}
          >
            <Trans>Download PNG</Trans>
          </Button>
        </div>
      </div>
      {/* A zoomed picture scrolls inside its frame: the frame takes the focus so keys can scroll it (WCAG 2.1.1). */}
      <section
        className="flow-diagram__canvas"
        data-zoom={zoom}
        aria-label={pictureName}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        {/*
          Up to 100 % the picture shrinks to its frame (no edge cut off at 1280 px), to 70 % of its size at most so
          its labels stay readable (8 px and more) on a phone, where it scrolls; a larger zoom scrolls too.
        */}
        <div
          style={{
            width: size.width * zoom,
            maxWidth: zoom <= 1 ? '100%' : undefined,
            minWidth: zoom <= 1 ? Math.min(size.width * zoom, size.width * MIN_FIT) : undefined,
          }}
          className="flow-diagram__picture"
        >
          <FlowGraph
            ref={svgRef}
            layout={graph}
            legend={legend}
            title={pictureName}
            selected={selected}
            highlighted={highlighted}
            added={added}
          />
        </div>
      </section>
      <h2 className="flow-diagram__states-heading">
        <Trans>States</Trans>
      </h2>
      <ol className="flow-diagram__rows">
        {rows.map((row) => {
          const rowDescription = `${descriptionId}-${row.id}`;
          const title = row.state ? stateTitle(i18n, flow.name, row.path) : undefined;
          return (
            <li
              key={row.id}
              className="flow-diagram__row"
              style={{ paddingLeft: `${row.depth * 1.25}em` }}
              data-state={row.path || undefined}
              data-on-path={highlighted?.has(row.path) || undefined}
            >
              {row.state ? (
                <button
                  type="button"
                  className="flow-diagram__state"
                  data-kind={row.state.kind}
                  data-view={view}
                  data-uncovered={row.uncovered || undefined}
                  aria-current={row.path === selected ? 'true' : undefined}
                  aria-describedby={row.state.description ? rowDescription : undefined}
                  onClick={() => onSelect(row.path)}
                >
                  {view === 'engineer' ? row.label : (title ?? row.label)}
                  {row.uncovered ? (
                    <VisuallyHidden>
                      {' '}
                      <Trans>(no model path enters it)</Trans>
                    </VisuallyHidden>
                  ) : null}
                </button>
              ) : (
                <span className="flow-diagram__state flow-diagram__state--any">
                  {ANY_STATE === row.label ? <Trans>(any state)</Trans> : row.label}
                </span>
              )}
              {row.state && view === 'reader' ? (
                <code className="flow-diagram__code">{row.label}</code>
              ) : null}
              {row.state?.description ? (
                // Plain text here: links between the state buttons would lengthen the way through them by
                // keyboard; the state's panel has them ('Where this comes from').
                <p id={rowDescription} className="flow-diagram__description" lang="en">
                  {row.state.description}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
