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
  points: Array<{ x: number; y: number }>;
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
    [1, 3].map((forwardWeight) => ({ ranker, order, forwardWeight })),
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
    nodesep: 28,
    ranksep: 44,
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

  for (const state of byDepth(definition.states, depthOf)) {
    const lines = wrap(texts.state(state), 22);
    if (isCompound(state)) graph.setNode(state.id, { lines, compound: true, paddingTop: 24 });
    else
      graph.setNode(state.id, {
        lines,
        width: textWidth(lines, FONT_SIZE) + 2 * PAD,
        height: lines.length * FONT_SIZE * LINE + 2 * PAD,
      });
  }
  for (const state of definition.states) if (state.parentId) graph.setParent(state.id, state.parentId);
  if (rootTransitions.length) {
    const lines = wrap(texts.anyState, 22);
    graph.setNode(ANY, {
      lines,
      width: textWidth(lines, FONT_SIZE) + 2 * PAD,
      height: lines.length * FONT_SIZE * LINE + 2 * PAD,
    });
  }
  const edgeInfo = new Map<string, { transition: TransitionInfo; fromCompound: string | undefined }>();
  for (const { from, to, key, transition, source } of byDepth(arcs, (arc) => depth.get(arc.from) ?? far)) {
    const lines = wrap(texts.transition(transition), 24);
    const forward = (depth.get(to) ?? far) === (depth.get(from) ?? far) + 1;
    graph.setEdge(
      from,
      to,
      {
        lines,
        width: textWidth(lines, LABEL_SIZE) + 6,
        height: lines.length * LABEL_SIZE * LINE + 4,
        labelpos: 'c',
        weight: forward ? variant.forwardWeight : 1,
      },
      key,
    );
    edgeInfo.set(key, { transition, fromCompound: source && isCompound(source) ? source.id : undefined });
  }
  dagre.layout(graph);

  const nodes: GraphNode[] = graph.nodes().map((id) => {
    const node = graph.node(id) as { x: number; y: number; width: number; height: number; lines: string[] };
    const state = byId.get(id);
    return {
      id,
      path: state?.path ?? '',
      lines: node.lines,
      x: node.x,
      y: node.y,
      width: node.width,
      height: node.height,
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
    const frame = info?.fromCompound ? nodeOf.get(info.fromCompound) : undefined;
    const end = edge.points.at(-1);
    const points =
      frame && end
        ? [borderToward(frame, { x: edge.x, y: edge.y }), { x: edge.x, y: edge.y }, end]
        : edge.points;
    return {
      key,
      points,
      lines: edge.lines,
      label: { x: edge.x, y: edge.y, width: edge.width, height: edge.height },
      uncovered: info ? missing.transitions.has(info.transition.key) : false,
    };
  });
  const graphLabel = graph.graph() as { width?: number; height?: number };
  return { width: graphLabel.width ?? 0, height: graphLabel.height ?? 0, nodes, edges };
}

function isInitial(state: StateInfo, byId: Map<string, StateInfo>, rootInitial: string | undefined) {
  const parent = state.parentId ? byId.get(state.parentId) : undefined;
  return parent ? parent.initial === state.key : state.key === rootInitial;
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
