/**
 * `npm run diagrams`: draws every machine of machines/registry.ts as a Mermaid state diagram in
 * docs/flows/<name>.md, with tables of its states and transitions, and indexes them in docs/flows/README.md.
 * The committed document is the machine's agreed flow (scripts/agreedFlows.ts): writing it is accepting a change.
 * `npm run diagrams:check` (`--check`) exits 1 naming every way a machine differs from its agreed flow, and the
 * documents whose words alone are out of date. Read from the machine definition itself
 * (test/model/machineDefinition.ts); output depends only on the machines, never on time or file order.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../machines/registry';
import {
  describeMachine,
  describeRoot,
  eventLabel,
  type MachineDefinition,
  type StateInfo,
  type TransitionInfo,
} from '../test/model/machineDefinition';
import { flowDifferences, flowRecordOf, kindCell, readFlowRecord } from './agreedFlows';

export { eventLabel };

const FLOWS_DIR = 'docs/flows';
const ANY_STATE = 'any_state';

/** Mermaid ids must be unique and plain: the state path with '_' between keys. */
const mermaidId = (state: Pick<StateInfo, 'path'>) => state.path.replace(/[^A-Za-z0-9]+/g, '_');

/** Label text safe for Mermaid (no ':' ';' '#', which end or escape a label). */
const safe = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();

interface Drawn {
  scope: string[];
  from: string;
  to: string;
  label: string;
}

/**
 * Mermaid cannot draw a transition between states inside different composite states, so each transition is
 * drawn in the innermost state containing both ends, from and to the children of that state on the way; the
 * label then names the real source or target.
 */
function drawTransition(transition: TransitionInfo, byId: Map<string, StateInfo>): Drawn[] {
  const source = byId.get(transition.sourceId);
  const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
  return targets.map((targetId) => {
    const target = byId.get(targetId);
    const label = safe(eventLabel(transition));
    if (!source) {
      // A transition of the machine itself: it applies in any state.
      return { scope: [], from: ANY_STATE, to: target ? mermaidId(target) : ANY_STATE, label };
    }
    const sourcePath = source.path.split('.');
    const targetPath = (target ?? source).path.split('.');
    let common = 0;
    while (common < sourcePath.length && sourcePath[common] === targetPath[common]) common++;
    const scopeLength = Math.min(common, sourcePath.length - 1, targetPath.length - 1);
    const lift = (path: string[]) => ({ path: path.slice(0, scopeLength + 1).join('.') });
    const from = lift(sourcePath);
    const to = lift(targetPath);
    const notes = [
      from.path !== source.path ? `from ${source.path}` : '',
      target && to.path !== target.path ? `to ${target.path}` : '',
    ].filter(Boolean);
    return {
      scope: sourcePath.slice(0, scopeLength),
      from: mermaidId(from),
      to: mermaidId(to),
      label: notes.length ? `${label} (${notes.join(', ')})` : label,
    };
  });
}

export function mermaidOf(machine: AnyStateMachine, definition = describeMachine(machine)): string {
  const byId = new Map(definition.states.map((state) => [state.id, state]));
  const root = describeRoot(machine);
  const drawn = definition.transitions.flatMap((transition) => drawTransition(transition, byId));
  const lines = ['stateDiagram-v2'];

  const drawScope = (
    scopePath: string[],
    children: StateInfo[],
    { initial, parallel }: { initial: string | undefined; parallel: boolean },
    depth: number,
  ) => {
    const pad = '  '.repeat(depth);
    if (initial) {
      const first = children.find((child) => child.key === initial);
      if (first) lines.push(`${pad}[*] --> ${mermaidId(first)}`);
    }
    children.forEach((child, index) => {
      // Regions of a parallel state are separated by '--' (Mermaid concurrency).
      if (parallel && index > 0) lines.push(`${pad}--`);
      drawState(child, depth);
    });
    const scopeKey = scopePath.join('.');
    for (const line of drawn.filter((entry) => entry.scope.join('.') === scopeKey))
      lines.push(`${pad}${line.from} --> ${line.to} : ${line.label}`);
  };

  const drawState = (state: StateInfo, depth: number) => {
    const pad = '  '.repeat(depth);
    const id = mermaidId(state);
    if (state.children.length) {
      // Composite states keep their id as label: Mermaid rejects `state "label" as id {`.
      lines.push(`${pad}state ${id} {`);
      const children = state.children
        .map((childId) => byId.get(childId))
        .filter((child) => child !== undefined);
      drawScope(
        state.path.split('.'),
        children,
        { initial: state.initial, parallel: state.kind === 'parallel' },
        depth + 1,
      );
      lines.push(`${pad}}`);
    } else {
      lines.push(safe(state.key) === id ? `${pad}${id}` : `${pad}state "${safe(state.key)}" as ${id}`);
    }
    if (state.kind === 'final') lines.push(`${pad}${id} --> [*]`);
  };

  const topLevel = definition.states.filter((state) => state.parentId === undefined);
  if (drawn.some((entry) => entry.from === ANY_STATE)) lines.push(`  state "(any state)" as ${ANY_STATE}`);
  drawScope([], topLevel, { initial: root.initial, parallel: root.kind === 'parallel' }, 1);
  return lines.join('\n');
}

const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function flowDocument(name: string, machine: AnyStateMachine): string {
  const definition: MachineDefinition = describeMachine(machine);
  const root = describeRoot(machine);
  const pathOf = (id: string) => definition.states.find((state) => state.id === id)?.path ?? '(machine)';
  const initialOf = (parentId: string | undefined) =>
    parentId ? definition.states.find((state) => state.id === parentId)?.initial : root.initial;
  const stateRows = definition.states.map(
    (state) =>
      `| \`${state.path}\` | ${kindCell(state.kind, initialOf(state.parentId) === state.key, state.tags)} | ${cell(state.description)} |`,
  );
  const transitionRows = definition.transitions.map((transition) => {
    const targets = transition.targetIds.length ? transition.targetIds.map(pathOf).join(', ') : '(stays)';
    return `| \`${pathOf(transition.sourceId)}\` | ${cell(eventLabel(transition))} | \`${targets}\` |`;
  });
  return [
    `# Flow: ${name}`,
    '',
    `Generated by \`npm run diagrams\` from \`machines/registry.ts\` (machine id \`${machine.id}\`). Do not edit by hand.`,
    '',
    ...(root.description ? [root.description, ''] : []),
    '```mermaid',
    mermaidOf(machine, definition),
    '```',
    '',
    `## States (${definition.states.length})`,
    '',
    '| State | Kind | Description |',
    '|---|---|---|',
    ...stateRows,
    '',
    `## Transitions (${definition.transitions.length})`,
    '',
    '| From | Event [guard] | To |',
    '|---|---|---|',
    ...transitionRows,
    '',
  ].join('\n');
}

export function flowIndex(registry: Readonly<Record<string, AnyStateMachine>>): string {
  const rows = Object.entries(registry).map(([name, machine]) => {
    const definition = describeMachine(machine);
    const description = describeRoot(machine).description;
    return `| [${name}](./${name}.md) | ${definition.states.length} | ${definition.transitions.length} | ${cell(description)} |`;
  });
  return [
    '# Flows',
    '',
    'One state diagram per machine of `machines/registry.ts`, generated by `npm run diagrams`. Each document is the',
    "machine's agreed flow: its States and Transitions tables are what the product owner approved, and",
    '`npm run diagrams:check` (part of `npm test`) names every state, event, guard or target where a machine now',
    'differs. Accept a reviewed change with `npm run diagrams` and commit it. Do not edit by hand.',
    '',
    '**What changed between two releases.** `npm run flows:changes -- <from> [<to>]` compares the agreed flows of two',
    'releases (git tags, branches or commits; without `<to>`, the files as they are now) and lists per flow the states,',
    "arrows and guards added, removed or changed, in the words of `npm run diagrams:check` ('agreed' there is the",
    'older release): `npm run flows:changes -- v1.4.0` for everything since v1.4.0, `-- v1.3.0 v1.4.0 --html',
    "changes.html` for a page to share. A flow only one release has is a new or removed flow. The tester's report",
    "(`test-results/model-report/index.html`) shows the same: 'Changes against the agreed flows' (what the machines",
    "of the build change against these files) and, run with `REPORT_SINCE=<release>`, 'Since the last release'.",
    '',
    '| Flow | States | Transitions | Description |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Every file of docs/flows, by path relative to the project root. */
export function renderFlows(registry: Readonly<Record<string, AnyStateMachine>>): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, machine] of Object.entries(registry))
    files.set(`${FLOWS_DIR}/${name}.md`, flowDocument(name, machine));
  files.set(`${FLOWS_DIR}/README.md`, flowIndex(registry));
  return files;
}

/** Files that differ from what would be generated, are missing, or belong to no machine any more. */
export function staleFiles(files: Map<string, string>, root: string): string[] {
  const stale = [...files.entries()]
    .filter(([path, content]) => {
      const absolute = join(root, path);
      return !existsSync(absolute) || readFileSync(absolute, 'utf8') !== content;
    })
    .map(([path]) => path);
  return [...stale, ...orphans(files, root)].sort();
}

export interface FlowCheck {
  /** How machines differ from their agreed flow, one sentence each (a flow without a record or machine too). */
  differences: string[];
  /** Documents of agreed flows whose words or drawing are out of date (descriptions, the index). */
  stale: string[];
}

/**
 * The check behind `npm run diagrams:check`: each machine against its agreed flow (the committed
 * docs/flows/<name>.md), then, for the flows that are as agreed, whether the documents are still word for word what
 * would be generated. A changed flow is said once, as its differences, not again as a stale file.
 */
export function checkFlows(
  registry: Readonly<Record<string, AnyStateMachine>>,
  root: string,
  files = renderFlows(registry),
): FlowCheck {
  const differences: string[] = [];
  const said = new Set<string>();
  for (const [name, machine] of Object.entries(registry)) {
    const path = `${FLOWS_DIR}/${name}.md`;
    const absolute = join(root, path);
    const found = existsSync(absolute)
      ? flowDifferences(name, readFlowRecord(readFileSync(absolute, 'utf8')), flowRecordOf(machine))
      : [`machine ${name}: no agreed flow yet (${path})`];
    differences.push(...found);
    if (found.length) said.add(path);
  }
  for (const path of orphans(files, root)) {
    differences.push(`${path}: an agreed flow whose machine is no longer in machines/registry.ts`);
    said.add(path);
  }
  // The index counts states and transitions: a changed flow changes it too, and accepting the flow rewrites it.
  const index = `${FLOWS_DIR}/README.md`;
  const stale = staleFiles(files, root).filter((path) => !said.has(path) && !(said.size && path === index));
  return { differences, stale };
}

function orphans(files: Map<string, string>, root: string): string[] {
  const dir = join(root, FLOWS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `${FLOWS_DIR}/${file}`)
    .filter((path) => !files.has(path));
}

function main() {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const files = renderFlows(machines);
  if (process.argv.includes('--check')) {
    const { differences, stale } = checkFlows(machines, root, files);
    const list = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');
    if (differences.length)
      console.error(
        `Machines that differ from their agreed flow (docs/flows/<machine>.md):\n${list(differences)}\n` +
          'If the change is wanted, have the product owner review it, then accept it with `npm run diagrams` and commit docs/flows/.',
      );
    if (stale.length)
      console.error(
        `Flow documents whose descriptions or drawing are out of date (the flows themselves are as agreed; run npm run diagrams):\n${list(stale)}`,
      );
    if (differences.length || stale.length) process.exit(1);
    console.log(
      `Every machine follows its agreed flow; the flow documents are up to date (${files.size} files).`,
    );
    return;
  }
  mkdirSync(join(root, FLOWS_DIR), { recursive: true });
  for (const path of orphans(files, root)) rmSync(join(root, path));
  for (const [path, content] of files) writeFileSync(join(root, path), content);
  console.log(`Wrote ${[...files.keys()].join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
