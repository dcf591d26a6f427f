/**
 * The flow explorer's states list: states in rows, in layers by their distance from the start (breadth-first over
 * the transitions, children under their parent). The picture above it is laid out by dagre (graph/flowGraph.ts).
 */
import type { MachineCoverage } from '../../test/model/coverageReport';
import type { MachineDefinition, StateInfo, TransitionInfo } from '../../test/model/machineDefinition';

/** The row of the machine's own transitions (they apply in any state). */
export const ANY_STATE = '(any state)';

export interface DiagramRow {
  /** State id, or ANY_STATE. */
  id: string;
  /** Dotted path ('enteringCode', 'form.editing'); '' for ANY_STATE. */
  path: string;
  label: string;
  /** Nesting depth: 0 for top-level states. */
  depth: number;
  /** Breadth-first distance from the start among its siblings (0: the initial state). */
  layer: number;
  state: StateInfo | undefined;
  /** No path of the last model run entered it. */
  uncovered: boolean;
  /** Transitions that stay in the state (self loops and actions only). */
  loops: TransitionInfo[];
}

export interface FlowLayout {
  rows: DiagramRow[];
}

/** Sibling states ordered by breadth-first distance from the initial one, document order among equals. */
function layered(siblings: StateInfo[], definition: MachineDefinition, initial: string | undefined) {
  const ids = new Set(siblings.map((state) => state.id));
  const within = (id: string) => {
    // A target inside a sibling counts as reaching that sibling.
    for (let state = definition.states.find((s) => s.id === id); state; ) {
      if (ids.has(state.id)) return state.id;
      const parent = state.parentId;
      state = parent ? definition.states.find((s) => s.id === parent) : undefined;
    }
    return undefined;
  };
  const descendants = (id: string): string[] => {
    const state = definition.states.find((s) => s.id === id);
    return state ? [id, ...state.children.flatMap(descendants)] : [id];
  };
  const layer = new Map<string, number>();
  const start = siblings.find((state) => state.key === initial) ?? siblings[0];
  const queue = start ? [start.id] : [];
  if (start) layer.set(start.id, 0);
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const from = descendants(id);
    for (const transition of definition.transitions)
      if (from.includes(transition.sourceId))
        for (const target of transition.targetIds) {
          const sibling = within(target);
          if (sibling && !layer.has(sibling)) {
            layer.set(sibling, (layer.get(id) ?? 0) + 1);
            queue.push(sibling);
          }
        }
  }
  const unreached = Math.max(0, ...layer.values()) + 1;
  return siblings
    .map((state, index) => ({ state, index, layer: layer.get(state.id) ?? unreached }))
    .sort((a, b) => a.layer - b.layer || a.index - b.index);
}

export function layoutFlow(
  definition: MachineDefinition,
  root: { initial: string | undefined },
  coverage: MachineCoverage | undefined,
): FlowLayout {
  const missingStates = new Set(coverage ? coverage.states.missing : definition.states.map((s) => s.path));
  const byId = new Map(definition.states.map((state) => [state.id, state]));
  const rows: DiagramRow[] = [];
  const isRoot = (transition: TransitionInfo) => !byId.has(transition.sourceId);
  const loopsOf = (id: string) =>
    definition.transitions.filter(
      (t) => t.sourceId === id && (t.targetIds.length === 0 || t.targetIds.every((target) => target === id)),
    );

  if (definition.transitions.some(isRoot))
    rows.push({
      id: ANY_STATE,
      path: '',
      label: ANY_STATE,
      depth: 0,
      layer: 0,
      state: undefined,
      uncovered: false,
      loops: [],
    });
  const place = (siblings: StateInfo[], initial: string | undefined, depth: number) => {
    for (const { state, layer } of layered(siblings, definition, initial)) {
      rows.push({
        id: state.id,
        path: state.path,
        label: state.key,
        depth,
        layer,
        state,
        uncovered: missingStates.has(state.path),
        loops: loopsOf(state.id),
      });
      const children = state.children.map((id) => byId.get(id)).filter((child) => child !== undefined);
      if (children.length) place(children, state.initial, depth + 1);
    }
  };
  place(
    definition.states.filter((state) => state.parentId === undefined),
    root.initial,
    0,
  );

  return { rows };
}

/** The transitions that leave a state (its own and those of its ancestors and the machine), for the state panel. */
export function transitionsLeaving(definition: MachineDefinition, stateId: string): TransitionInfo[] {
  const chain: string[] = [];
  for (let state = definition.states.find((s) => s.id === stateId); state; ) {
    chain.push(state.id);
    const parent = state.parentId;
    state = parent ? definition.states.find((s) => s.id === parent) : undefined;
  }
  const known = new Set(definition.states.map((state) => state.id));
  return definition.transitions.filter(
    (transition) => chain.includes(transition.sourceId) || !known.has(transition.sourceId),
  );
}
