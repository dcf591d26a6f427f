import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../components/Button';
import { VisuallyHidden } from '../components/VisuallyHidden';
import type { FlowEntry } from './flowCatalog';
import { ANY_STATE, layoutFlow } from './layout';

export interface FlowDiagramProps {
  flow: FlowEntry;
  /** Dotted path of the chosen state. */
  selected: string | undefined;
  onSelect: (path: string) => void;
  /** States a shared path of the model run passes through (`?path=`), marked on the diagram. */
  highlighted?: ReadonlySet<string> | undefined;
}

const ZOOMS = [0.75, 1, 1.25, 1.5, 2];
/** Widest the arc gutter gets at zoom 1 (px): the descriptions keep the room on a 360 px screen. */
const MAX_GUTTER = 112;
const LANE = 12;

/**
 * The state diagram of a machine, drawn from its definition: one row per state (a focusable button, its
 * description beside it), every transition an arc on the left (SVG), red where no path of the last model run
 * took it; a state no path entered is red too. Zoom scales the whole drawing.
 */
export function FlowDiagram({ flow, selected, onSelect, highlighted }: FlowDiagramProps) {
  const { t } = useLingui();
  const [zoomIndex, setZoomIndex] = useState(1);
  const zoom = ZOOMS[zoomIndex] ?? 1;
  const layout = useMemo(
    () =>
      layoutFlow(flow.definition, { initial: flow.machine.root.initial?.target?.[0]?.key }, flow.coverage),
    [flow],
  );
  const listRef = useRef<HTMLOListElement>(null);
  const [anchors, setAnchors] = useState<Array<{ x: number; y: number }>>([]);
  const descriptionId = useId();

  // Arcs join the rows where the browser put them: measured after layout and again whenever the rows resize.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () =>
      setAnchors(
        [...list.querySelectorAll<HTMLElement>('[data-row-anchor]')].map((anchor) => ({
          x: anchor.offsetLeft,
          y: anchor.offsetTop + anchor.offsetHeight / 2,
        })),
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const lane = Math.min(LANE, MAX_GUTTER / Math.max(1, layout.lanes)) * zoom;
  const gutter = lane * (layout.lanes + 1);
  const height = (listRef.current?.offsetTop ?? 0) + (listRef.current?.offsetHeight ?? 0);
  const selectedRow = layout.rows.findIndex((row) => row.path === selected && row.state);

  return (
    <div className="flow-diagram">
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
      <div className="flow-diagram__canvas" style={{ fontSize: `${zoom}rem` }}>
        <svg
          className="flow-diagram__arcs"
          width={gutter}
          height={height}
          aria-hidden="true"
          data-testid="flow-arcs"
        >
          <defs>
            <marker
              id={`${descriptionId}-arrow`}
              viewBox="0 0 8 8"
              refX="7"
              refY="4"
              markerUnits="userSpaceOnUse"
              markerWidth="8"
              markerHeight="8"
              orient="auto"
            >
              <path d="M0,0 L8,4 L0,8 z" fill="context-stroke" />
            </marker>
          </defs>
          {layout.edges.map((edge) => {
            const from = anchors[edge.from];
            const to = anchors[edge.to];
            if (!from || !to) return null;
            const x = gutter - lane * (edge.lane + 1);
            const active = edge.from === selectedRow || edge.to === selectedRow;
            return (
              <path
                key={edge.key}
                d={`M${from.x} ${from.y - 3} H${x} V${to.y + 3} H${to.x - 1}`}
                className={[
                  'flow-diagram__arc',
                  edge.uncovered ? 'flow-diagram__arc--uncovered' : '',
                  active ? 'flow-diagram__arc--active' : '',
                ].join(' ')}
                data-uncovered={edge.uncovered || undefined}
                markerEnd={`url(#${descriptionId}-arrow)`}
              >
                <title>{edge.label}</title>
              </path>
            );
          })}
        </svg>
        <ol className="flow-diagram__rows" ref={listRef} style={{ marginLeft: gutter }}>
          {layout.rows.map((row) => {
            const rowDescription = `${descriptionId}-${row.id}`;
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
                    data-row-anchor
                    className="flow-diagram__state"
                    data-kind={row.state.kind}
                    data-uncovered={row.uncovered || undefined}
                    aria-current={row.path === selected ? 'true' : undefined}
                    aria-describedby={row.state.description ? rowDescription : undefined}
                    onClick={() => onSelect(row.path)}
                  >
                    {row.label}
                    {row.uncovered ? (
                      <VisuallyHidden>
                        {' '}
                        <Trans>(no model path enters it)</Trans>
                      </VisuallyHidden>
                    ) : null}
                  </button>
                ) : (
                  <span data-row-anchor className="flow-diagram__state flow-diagram__state--any">
                    {ANY_STATE === row.label ? <Trans>(any state)</Trans> : row.label}
                  </span>
                )}
                {row.loops.length ? (
                  <span
                    className="flow-diagram__loops"
                    title={row.loops.map((loop) => loop.eventType || 'always').join(', ')}
                  >
                    ↻ {row.loops.length}
                  </span>
                ) : null}
                {row.state?.description ? (
                  <p id={rowDescription} className="flow-diagram__description">
                    {row.state.description}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
