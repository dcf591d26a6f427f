/**
 * The flow's picture, laid out by dagre (a maintained graph layout: layered, with crossing reduction), so arcs
 * cross as little as the graph allows. States are boxes with their title; a compound state is a frame around its
 * children; every transition is an arc carrying its label. The same layout is drawn on /flows, downloaded as SVG
 * and PNG, and printed (FlowGraph.tsx, flowSvg.ts). Texts come from the caller: the reader's words or raw names.
 */
import dagre from '@dagrejs/dagre';
import type { MachineDefinition, StateInfo, TransitionInfo } from '../../../test/model/machineDefinition';

export interface GraphTexts {
  state: (state: StateInfo) => string;
  transition: (transition: TransitionInfo) => string;
  /** The row of the machine's own transitions, which apply in any state. */
  anyState: string;
}

export interface GraphNode {
  id: string;
  /** Dotted state path ('' for the any-state node). */
  path: string;
  lines: string[];
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
  initial: boolean;
  final: boolean;
  uncovered: boolean;
}

export interface GraphEdge {
  key: string;
  /**
   * The arc's polyline; for a self-loop (`loop`) the four points of one cubic Bézier curve: from the state's box
   * out beside it (or above a frame) and back into the same box.
   */
  points: Array<{ x: number; y: number }>;
  loop: boolean;
  lines: string[];
  label: { x: number; y: number; width: number; height: number };
  uncovered: boolean;
}

export interface FlowGraphLayout {
  width: number;
  height: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export const FONT_SIZE = 13;
export const LABEL_SIZE = 11;
const LINE = 1.3;
const PAD = 10;
const ANY = '(any)';

/** Words wrapped to lines of at most `width` characters (no DOM: the layout also runs in tests and scripts). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** A generous estimate of a text's width in px (average glyph ~0.6 em). */
const textWidth = (lines: string[], size: number) => Math.max(...lines.map((l) => l.length)) * size * 0.6;

/**
 * One way of asking dagre for the picture. Each flow is drawn with the way that crosses its arcs least, chosen
 * ahead by `npm run flows:layout` (crossings.test.ts) and recorded in layoutChoices.json: the same machine always
 * gives the same picture, and the page does not lay a flow out a dozen times to choose.
 */
export interface LayoutVariant {
  ranker: 'network-simplex' | 'tight-tree' | 'longest-path';
  /** The order states and arcs are handed to dagre: the machine's own, or by distance from the start. */
  order: 'machine' | 'depth';
  /** Weight of an arc that goes one step further from the start (dagre keeps heavy arcs short and straight). */
  forwardWeight: number;
  /** Room between boxes in a layer and between layers: dagre's routing changes with it. */
  spacing?: 'wide';
}

/** dagre's own defaults: the picture before any choice. */
export const DEFAULT_VARIANT: LayoutVariant = {
  ranker: 'network-simplex',
  order: 'machine',
  forwardWeight: 1,
};

/** The ways tried, top to bottom only (left to right made the wide flows twice as wide for a crossing or two). */
export const LAYOUT_VARIANTS: readonly LayoutVariant[] = (
  ['network-simplex', 'tight-tree', 'longest-path'] as const
).flatMap((ranker) =>
  (['machine', 'depth'] as const).flatMap((order) =>
    [1, 3].flatMap((forwardWeight) => [
      { ranker, order, forwardWeight },
      { ranker, order, forwardWeight, spacing: 'wide' as const },
    ]),
  ),
);

type Missing = { states: ReadonlySet<string>; transitions: ReadonlySet<string> };

export function layoutFlowGraph(
  definition: MachineDefinition,
  initial: string | undefined,
  texts: GraphTexts,
  missing: Missing,
  variant: LayoutVariant = DEFAULT_VARIANT,
): FlowGraphLayout {
  const graph = new dagre.graphlib.Graph({ multigraph: true, compound: true });
  graph.setGraph({
    rankdir: 'TB',
    ranker: variant.ranker,
    nodesep: variant.spacing === 'wide' ? 48 : 28,
    ranksep: variant.spacing === 'wide' ? 64 : 44,
    edgesep: 14,
    marginx: 8,
    marginy: 8,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const byId = new Map(definition.states.map((state) => [state.id, state]));
  const isCompound = (state: StateInfo) => state.children.length > 0;
  // An arc into a compound state lands where the flow does: on its initial child, down to a leaf.
  const landing = (id: string): string => {
    const state = byId.get(id);
    if (!state || !isCompound(state)) return id;
    const child = state.children.find((c) => byId.get(c)?.key === state.initial) ?? state.children[0];
    return child ? landing(child) : id;
  };
  const firstLeaf = landing;
  const rootTransitions = definition.transitions.filter((t) => !byId.has(t.sourceId));

  // The arcs as dagre will see them: from a leaf (or the any-state row) to a leaf.
  const arcs: Array<{
    from: string;
    to: string;
    key: string;
    transition: TransitionInfo;
    source?: StateInfo;
  }> = [];
  for (const transition of definition.transitions) {
    const source = byId.get(transition.sourceId);
    const from = source ? firstLeaf(source.id) : ANY;
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    targets.forEach((targetId, index) => {
      if (!byId.has(targetId) && targetId !== transition.sourceId) return;
      const to = byId.has(targetId) ? landing(targetId) : from;
      arcs.push({ from, to, key: `${transition.key}>${index}`, transition, source });
    });
  }
  // Distance from the start (breadth-first over the arcs); states never reached come last.
  const depth = new Map<string, number>();
  const start = initial ? definition.states.find((s) => !s.parentId && s.key === initial) : undefined;
  const queue = start ? [landing(start.id)] : [];
  if (queue[0]) depth.set(queue[0], 0);
  if (rootTransitions.length) {
    depth.set(ANY, 0);
    queue.push(ANY);
  }
  for (let id = queue.shift(); id !== undefined; id = queue.shift())
    for (const arc of arcs)
      if (arc.from === id && !depth.has(arc.to)) {
        depth.set(arc.to, (depth.get(id) ?? 0) + 1);
        queue.push(arc.to);
      }
  const far = arcs.length + 1;
  const depthOf = (state: StateInfo): number =>
    isCompound(state)
      ? Math.min(far, ...state.children.map((c) => byId.get(c)).map((c) => (c ? depthOf(c) : far)))
      : (depth.get(state.id) ?? far);
  const byDepth = <T>(items: T[], of: (item: T) => number) =>
    variant.order === 'machine'
      ? items
      : items
          .map((item, index) => ({ item, index, d: of(item) }))
          .sort((a, b) => a.d - b.d || a.index - b.index)
          .map(({ item }) => item);

  // Transitions that stay in a state are drawn by hand after the layout (dagre sets their labels in a row beside
  // the box, joined by loose strokes): the box's right side keeps a column for them, a frame's top a row.
  const labelOf = (transition: TransitionInfo) => {
    const lines = wrap(texts.transition(transition), 24);
    return { lines, width: textWidth(lines, LABEL_SIZE) + 6, height: lines.length * LABEL_SIZE * LINE + 4 };
  };
  const loopsAt = new Map<string, Array<{ key: string; transition: TransitionInfo }>>();
  for (const arc of arcs)
    if (arc.from === arc.to) {
      const at = arc.source && isCompound(arc.source) ? arc.source.id : arc.from;
      loopsAt.set(at, [...(loopsAt.get(at) ?? []), { key: arc.key, transition: arc.transition }]);
    }
  const boxOf = (lines: string[], at: string) => {
    const width = textWidth(lines, FONT_SIZE) + 2 * PAD;
    const height = lines.length * FONT_SIZE * LINE + 2 * PAD;
    const loops = loopsAt.get(at);
    if (!loops) return { lines, width, height, box: { width, height } };
    const labels = loops.map(({ transition }) => labelOf(transition));
    const column = LOOP_REACH + Math.max(...labels.map((label) => label.width));
    const rows = labels.reduce((sum, label) => sum + label.height + LOOP_GAP, -LOOP_GAP);
    // dagre places the box with its column; the state's own box is its left part.
    return { lines, width: width + column, height: Math.max(height, rows), box: { width, height } };
  };
  for (const state of byDepth(definition.states, depthOf)) {
    const lines = wrap(texts.state(state), 22);
    if (isCompound(state)) graph.setNode(state.id, { lines, compound: true, paddingTop: 24 });
    else graph.setNode(state.id, boxOf(lines, state.id));
  }
  for (const state of definition.states) if (state.parentId) graph.setParent(state.id, state.parentId);
  if (rootTransitions.length) graph.setNode(ANY, boxOf(wrap(texts.anyState, 22), ANY));
  const edgeInfo = new Map<string, { transition: TransitionInfo; fromCompound: string | undefined }>();
  for (const { from, to, key, transition, source } of byDepth(arcs, (arc) => depth.get(arc.from) ?? far)) {
    if (from === to) continue;
    const { lines, width, height } = labelOf(transition);
    const forward = (depth.get(to) ?? far) === (depth.get(from) ?? far) + 1;
    graph.setEdge(
      from,
      to,
      {
        lines,
        width,
        height,
        labelpos: 'c',
        weight: forward ? variant.forwardWeight : 1,
      },
      key,
    );
    edgeInfo.set(key, { transition, fromCompound: source && isCompound(source) ? source.id : undefined });
  }
  dagre.layout(graph);

  const nodes: GraphNode[] = graph.nodes().map((id) => {
    const node = graph.node(id) as {
      x: number;
      y: number;
      width: number;
      height: number;
      lines: string[];
      box?: { width: number; height: number };
    };
    const state = byId.get(id);
    // A box with a column of self-loops sits at the left of the space dagre gave it.
    const box = node.box ?? node;
    return {
      id,
      path: state?.path ?? '',
      lines: node.lines,
      x: node.x - node.width / 2 + box.width / 2,
      y: node.y,
      width: box.width,
      height: box.height,
      compound: state ? isCompound(state) : false,
      initial: state ? isInitial(state, byId, initial) : false,
      final: state?.kind === 'final',
      uncovered: state ? missing.states.has(state.path) : false,
    };
  });
  const nodeOf = new Map(nodes.map((node) => [node.id, node]));
  const edges: GraphEdge[] = graph.edges().map((ends) => {
    const edge = graph.edge(ends) as {
      points: Array<{ x: number; y: number }>;
      lines: string[];
      x: number;
      y: number;
      width: number;
      height: number;
    };
    const key = ends.name ?? '';
    const info = edgeInfo.get(key);
    // A compound state's own transition leaves from its frame: dagre routed it through a child, so it is drawn
    // straight from the frame's border through its label to where dagre ends it.
    // dagre leaves a label unplaced now and then (a long arc with the longest-path ranker): it goes on the arc's
    // middle point.
    if (!Number.isFinite(edge.x) || !Number.isFinite(edge.y)) Object.assign(edge, middleOf(edge.points));
    const frame = info?.fromCompound ? nodeOf.get(info.fromCompound) : undefined;
    const end = edge.points.at(-1);
    const points =
      frame && end
        ? [borderToward(frame, { x: edge.x, y: edge.y }), { x: edge.x, y: edge.y }, end]
        : edge.points;
    // An end at a box that keeps a column of self-loops is moved onto the box's own border.
    const source = nodeOf.get(ends.v);
    const target = nodeOf.get(ends.w);
    const [second, beforeLast] = [points[1], points.at(-2)];
    if (!frame && source && loopsAt.has(ends.v) && second) points[0] = borderToward(source, second);
    if (target && loopsAt.has(ends.w) && beforeLast)
      points[points.length - 1] = borderToward(target, beforeLast);
    return {
      key,
      points,
      loop: false,
      lines: edge.lines,
      label: { x: edge.x, y: edge.y, width: edge.width, height: edge.height },
      uncovered: info ? missing.transitions.has(info.transition.key) : false,
    };
  });
  for (const [at, loops] of loopsAt) {
    const node = nodeOf.get(at);
    if (!node) continue;
    const labels = loops.map(({ key, transition }) => ({ key, transition, ...labelOf(transition) }));
    const drawn = node.compound ? loopsAbove(node, labels) : loopsBeside(node, labels);
    for (const { key, transition, lines, points, label } of drawn)
      edges.push({
        key,
        points,
        loop: true,
        lines,
        label,
        uncovered: missing.transitions.has(transition.key),
      });
  }
  return framed(nodes, edges);
}

/** How far a self-loop reaches out of its box before its label begins, and the space between two loops' labels. */
const LOOP_REACH = 42;
const LOOP_GAP = 4;

interface LoopLabel {
  lines: string[];
  width: number;
  height: number;
}

/**
 * A box's self-loops, one under another on its right: each leaves the box's right border, curves out to its label
 * and comes back into the border with the arrowhead, the labels in a column beside the curves.
 */
function loopsBeside<T extends LoopLabel>(node: GraphNode, labels: T[]) {
  const right = node.x + node.width / 2;
  const rows = labels.reduce((sum, label) => sum + label.height + LOOP_GAP, -LOOP_GAP);
  // The loops share the border's height, each its own slot; their curves fan out to their labels' rows.
  const span = node.height - 8;
  const slot = span / labels.length;
  const half = Math.min(6, slot / 2 - 1);
  let top = node.y - rows / 2;
  return labels.map((label, index) => {
    const row = top + label.height / 2;
    top += label.height + LOOP_GAP;
    const anchor = node.y - span / 2 + slot * (index + 0.5);
    const reach = right + LOOP_REACH - 4;
    return {
      ...label,
      points: [
        { x: right, y: anchor - half },
        { x: reach, y: row - 8 },
        { x: reach, y: row + 8 },
        { x: right, y: anchor + half },
      ],
      label: { x: right + LOOP_REACH + label.width / 2, y: row, width: label.width, height: label.height },
    };
  });
}

/**
 * A frame's self-loops above its top border, right of its title, in slots from its right end leftwards; when a row
 * is full the next loops go one row higher, each around the loop below it. Every loop leaves the border upwards and
 * comes back down into it, its label to its right at the height of its top.
 */
function loopsAbove<T extends LoopLabel>(frame: GraphNode, labels: T[]) {
  const top = frame.y - frame.height / 2;
  const labelWidth = Math.max(...labels.map((label) => label.width));
  const rowHeight = Math.max(24, ...labels.map((label) => label.height + 6));
  const title = frame.lines.join(' ').length * FONT_SIZE * 0.6 + 20;
  const perRow = Math.max(1, Math.floor((frame.width - title) / (labelWidth + LOOP_REACH + 10)));
  const rows = Math.ceil(labels.length / perRow);
  const nest = 6;
  const slot = labelWidth + LOOP_REACH + nest * (rows - 1) + 10;
  return labels.map((label, index) => {
    const row = Math.floor(index / perRow);
    const slotRight = frame.x + frame.width / 2 - 10 - (index % perRow) * slot;
    const labelLeft = slotRight - labelWidth;
    const foot = labelLeft - 4 - nest * (rows - 1) - 18;
    const [start, end] = [foot - nest * row, foot + 16 + nest * row];
    // A cubic curve reaches three quarters of its control points' height.
    const apex = (row + 1) * rowHeight;
    const rise = (apex * 4) / 3;
    return {
      ...label,
      points: [
        { x: start, y: top },
        { x: start - 4, y: top - rise },
        { x: end + 4, y: top - rise },
        { x: end, y: top },
      ],
      label: {
        x: labelLeft + label.width / 2,
        y: top - apex + label.height / 2,
        width: label.width,
        height: label.height,
      },
    };
  });
}

const MARGIN = 8;

/** The picture's size around everything drawn, with its margin (self-loops may reach past dagre's own bounds). */
function framed(nodes: GraphNode[], edges: GraphEdge[]): FlowGraphLayout {
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (x: number, y: number, width = 0, height = 0) => {
    xs.push(x - width / 2, x + width / 2);
    ys.push(y - height / 2, y + height / 2);
  };
  for (const node of nodes) add(node.x, node.y, node.width, node.height);
  for (const edge of edges) {
    for (const point of edge.points) add(point.x, point.y);
    add(edge.label.x, edge.label.y, edge.label.width, edge.label.height);
  }
  const shiftX = Math.max(0, MARGIN - Math.min(MARGIN, ...xs));
  const shiftY = Math.max(0, MARGIN - Math.min(MARGIN, ...ys));
  const move = <P extends { x: number; y: number }>(point: P): P => ({
    ...point,
    x: point.x + shiftX,
    y: point.y + shiftY,
  });
  return {
    width: Math.max(0, ...xs) + shiftX + MARGIN,
    height: Math.max(0, ...ys) + shiftY + MARGIN,
    nodes: nodes.map(move),
    edges: edges.map((edge) => ({ ...edge, points: edge.points.map(move), label: move(edge.label) })),
  };
}

function isInitial(state: StateInfo, byId: Map<string, StateInfo>, rootInitial: string | undefined) {
  const parent = state.parentId ? byId.get(state.parentId) : undefined;
  return parent ? parent.initial === state.key : state.key === rootInitial;
}

/** The point halfway along a polyline. */
function middleOf(points: ReadonlyArray<{ x: number; y: number }>) {
  const lengths = points
    .slice(1)
    .map((p, i) => Math.hypot(p.x - (points[i]?.x ?? 0), p.y - (points[i]?.y ?? 0)));
  let left = lengths.reduce((sum, length) => sum + length, 0) / 2;
  for (const [i, length] of lengths.entries()) {
    const [a, b] = [points[i], points[i + 1]];
    if (a && b && left <= length) {
      const t = length ? left / length : 0;
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    }
    left -= length;
  }
  return points[0] ?? { x: 0, y: 0 };
}

/** Where the line from a box's centre towards `point` crosses the box's border. */
function borderToward(
  box: { x: number; y: number; width: number; height: number },
  point: { x: number; y: number },
) {
  const dx = point.x - box.x;
  const dy = point.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y + box.height / 2 };
  const scale = Math.min(
    dx ? box.width / 2 / Math.abs(dx) : Number.POSITIVE_INFINITY,
    dy ? box.height / 2 / Math.abs(dy) : Number.POSITIVE_INFINITY,
  );
  return { x: box.x + dx * scale, y: box.y + dy * scale };
}
