import { forwardRef } from 'react';
import { type FlowGraphLayout, FONT_SIZE, LABEL_SIZE } from './flowGraph';

/** The legend's words, in the reader's language: what a start, an end, the chosen and an uncovered state look like. */
export interface FlowLegend {
  start: string;
  end: string;
  selected: string;
  uncovered: string;
}

export interface FlowGraphProps {
  layout: FlowGraphLayout;
  legend: FlowLegend;
  /** The picture's name for screen readers and in the downloaded file. */
  title: string;
  /** Dotted path of the chosen state, drawn in the accent colour. */
  selected?: string | undefined;
  /** States a shared path passes through. */
  highlighted?: ReadonlySet<string> | undefined;
  /** States the agreed flow does not have (agreedFlow.ts), drawn in green with a thick double stroke. */
  added?: ReadonlySet<string> | undefined;
  /** The picture's id, for the printed overview's parts that show pieces of it (`<use>`, FlowsOverview.tsx). */
  id?: string | undefined;
}

// Colours and fonts are attributes, not CSS classes: the same element is saved as a standalone SVG file and drawn
// onto a canvas for the PNG, where the page's style sheets do not apply.
const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#1d4ed8';
const DANGER = '#b42318';
const ADDED = '#047857';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const SWATCH = { width: 26, height: 16 };
const LEGEND_GAP = 18;
/** The legend's row under the picture: its height, and where each sample and its words go. */
const LEGEND_HEIGHT = 34;
/** A generous width per character of the labels' size (no text measuring where the SVG is made). */
const charWidth = LABEL_SIZE * 0.62;

function legendItems(legend: FlowLegend) {
  const kinds = ['start', 'end', 'selected', 'uncovered'] as const;
  let x = 10;
  return kinds.map((kind) => {
    const item = { kind, text: legend[kind], x };
    x += SWATCH.width + 6 + legend[kind].length * charWidth + LEGEND_GAP;
    return { ...item, end: x - LEGEND_GAP };
  });
}

/** The picture's size with its legend: a small flow grows as wide as the legend. */
export function graphSize(layout: FlowGraphLayout, legend: FlowLegend) {
  return {
    width: Math.ceil(Math.max(layout.width, (legendItems(legend).at(-1)?.end ?? 0) + 10)),
    height: Math.ceil(layout.height + LEGEND_HEIGHT),
  };
}

function LegendRow({ legend, top }: { legend: FlowLegend; top: number }) {
  return (
    <g data-testid="flow-legend">
      {legendItems(legend).map((item) => (
        <g key={item.kind} data-legend={item.kind}>
          <rect
            x={item.x}
            y={top}
            width={SWATCH.width}
            height={SWATCH.height}
            rx={item.kind === 'end' ? 3 : 8}
            fill={item.kind === 'selected' ? '#dbeafe' : '#ffffff'}
            stroke={item.kind === 'uncovered' ? DANGER : item.kind === 'selected' ? ACCENT : INK}
            strokeWidth={item.kind === 'start' || item.kind === 'selected' ? 2.5 : 1.2}
            strokeDasharray={item.kind === 'uncovered' ? '5 3' : undefined}
          />
          {item.kind === 'end' ? (
            <rect
              x={item.x + 3}
              y={top + 3}
              width={SWATCH.width - 6}
              height={SWATCH.height - 6}
              rx={2}
              fill="none"
              stroke={INK}
            />
          ) : null}
          <text x={item.x + SWATCH.width + 6} y={top + SWATCH.height - 4} fontSize={LABEL_SIZE} fill={INK}>
            {item.text}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The laid-out flow as one SVG picture (flowGraph.ts): boxes for states, labelled arcs for transitions. */
export const FlowGraph = forwardRef<SVGSVGElement, FlowGraphProps>(function FlowGraph(
  { layout, legend, title, selected, highlighted, added, id },
  ref,
) {
  const arrowId = `arrow-${title.replace(/\W/g, '')}`;
  const { width, height } = graphSize(layout, legend);
  return (
    <svg
      ref={ref}
      id={id}
      xmlns="http://www.w3.org/2000/svg"
      className="flow-graph"
      role="img"
      aria-label={title}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily={FONT}
      data-testid="flow-graph"
    >
      <title>{title}</title>
      <rect width="100%" height="100%" fill="#ffffff" />
      <defs>
        <marker
          id={arrowId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={MUTED} />
        </marker>
      </defs>
      {layout.nodes
        .filter((node) => node.compound)
        .map((node) => (
          <g key={node.id} data-state={node.path}>
            <rect
              x={node.x - node.width / 2}
              y={node.y - node.height / 2}
              width={node.width}
              height={node.height}
              rx={10}
              fill="#f5f7fa"
              stroke={node.uncovered ? DANGER : '#9aa5b1'}
              strokeDasharray={node.uncovered ? '5 3' : undefined}
            />
            <text
              x={node.x - node.width / 2 + 10}
              y={node.y - node.height / 2 + 17}
              fontSize={FONT_SIZE}
              fontWeight="600"
              fill={MUTED}
            >
              {node.lines.join(' ')}
            </text>
          </g>
        ))}
      {layout.edges.map((edge) => {
        const [first, ...rest] = edge.points;
        if (!first) return null;
        // A self-loop is one curve out of its box and back (flowGraph.ts), an arc between states a polyline.
        const d = `M${first.x},${first.y} ${
          edge.loop
            ? `C${rest.map((p) => `${p.x},${p.y}`).join(' ')}`
            : rest.map((p) => `L${p.x},${p.y}`).join(' ')
        }`;
        const top = edge.label.y - edge.label.height / 2;
        return (
          <g key={edge.key} data-transition={edge.key}>
            <path
              d={d}
              data-loop={edge.loop || undefined}
              fill="none"
              stroke={edge.uncovered ? DANGER : MUTED}
              strokeWidth={1.4}
              strokeDasharray={edge.uncovered ? '5 3' : undefined}
              markerEnd={`url(#${arrowId})`}
            />
            <rect
              x={edge.label.x - edge.label.width / 2}
              y={top}
              width={edge.label.width}
              height={edge.label.height}
              fill="#ffffff"
              opacity={0.9}
            />
            <text
              x={edge.label.x}
              y={top + 2}
              fontSize={LABEL_SIZE}
              fill={edge.uncovered ? DANGER : INK}
              textAnchor="middle"
            >
              {edge.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a label's lines never reorder
                <tspan key={index} x={edge.label.x} dy={LABEL_SIZE * 1.3 - (index === 0 ? 2 : 0)}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        );
      })}
      {layout.nodes
        .filter((node) => !node.compound)
        .map((node) => {
          const chosen = node.path !== '' && node.path === selected;
          const onPath = highlighted?.has(node.path);
          const isNew = added?.has(node.path);
          const top = node.y - node.height / 2;
          return (
            <g key={node.id} data-state={node.path} data-added={isNew || undefined}>
              <rect
                x={node.x - node.width / 2}
                y={top}
                width={node.width}
                height={node.height}
                rx={node.final ? 4 : 18}
                fill={chosen ? '#dbeafe' : isNew ? '#d1fae5' : '#ffffff'}
                stroke={node.uncovered ? DANGER : chosen || onPath ? ACCENT : isNew ? ADDED : INK}
                strokeWidth={chosen || onPath || isNew || node.initial ? 2.5 : 1.2}
                strokeDasharray={node.uncovered ? '5 3' : undefined}
              />
              {node.final ? (
                <rect
                  x={node.x - node.width / 2 + 3}
                  y={top + 3}
                  width={node.width - 6}
                  height={node.height - 6}
                  rx={2}
                  fill="none"
                  stroke={INK}
                />
              ) : null}
              <text x={node.x} y={top + 10} fontSize={FONT_SIZE} fill={INK} textAnchor="middle">
                {node.lines.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a title's lines never reorder
                  <tspan key={index} x={node.x} dy={FONT_SIZE * 1.3 - (index === 0 ? 2 : 0)}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
      <LegendRow legend={legend} top={Math.ceil(layout.height) + 8} />
    </svg>
  );
});
