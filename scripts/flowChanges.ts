/**
 * What changed between two sets of flows, flow by flow: the states, arrows and guards added, removed or changed,
 * in the sentences `npm run diagrams:check` uses (scripts/agreedFlows.ts: flowDifferences, where 'agreed' is the
 * older side). Two uses:
 *
 * - `npm run flows:changes -- <from-ref> [<to-ref>] [--html <file>]`: the agreed flows (docs/flows/*.md) of two
 *   releases, read with `git show <ref>:docs/flows/<flow>.md`; without <to-ref>, the work tree's. A flow in one
 *   side only is an added or removed flow.
 * - The tester's report (test/model/report): the machines of this build against their agreed flows, and with
 *   REPORT_SINCE=<ref> the agreed flows since that release.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { escapeHtml } from '../test/model/report/markup';
import { type FlowRecord, flowDifferences, flowRecordOf, readFlowRecord } from './agreedFlows';

const FLOWS_DIR = 'docs/flows';

export interface FlowChange {
  flow: string;
  /** 'added': only the newer side has the flow; 'removed': only the older; 'changed': both, and they differ. */
  status: 'added' | 'removed' | 'changed';
  /** States and arrows only the newer side has ('state x (atomic) is new', 'event e from state s to t is new'). */
  added: string[];
  /** States and arrows only the older side has ('… is gone'). */
  removed: string[];
  /**
   * Everything else: a new target, kind, tag or start state, alternatives tried in another order, and an arrow
   * whose guard changed (said as the old arrow gone and the new one new, the same event from the same state).
   */
  changed: string[];
}

const EMPTY: FlowRecord = { states: new Map(), transitions: [] };

/** 'event form.submit [isValid] from state editing to submitting is new' → its state and event without guard. */
const ARROW = /^event (.+?)(?: \[[^\]]*\])? from (any state|state \S+) (?:\(to .*\) is gone|to .* is new)$/;

function sorted(flow: string, status: FlowChange['status'], sentences: string[]): FlowChange {
  const arrowAt = (sentence: string) => {
    const match = ARROW.exec(sentence);
    return match ? `${match[2]}\u0000${match[1]}` : undefined;
  };
  const isNew = (sentence: string) => sentence.endsWith(' is new');
  const isGone = (sentence: string) => / is gone( \(|$)/.test(sentence);
  const newAt = new Set(sentences.filter(isNew).map(arrowAt));
  const goneAt = new Set(sentences.filter(isGone).map(arrowAt));
  // The same event from the same state both gone and new: its guard changed.
  const guardChanged = (sentence: string) => {
    const at = arrowAt(sentence);
    return at !== undefined && newAt.has(at) && goneAt.has(at);
  };
  return {
    flow,
    status,
    added: sentences.filter((s) => isNew(s) && !guardChanged(s)),
    removed: sentences.filter((s) => isGone(s) && !guardChanged(s)),
    changed: sentences.filter((s) => guardChanged(s) || (!isNew(s) && !isGone(s))),
  };
}

/**
 * Every flow that differs between `older` and `newer` (records by flow name), in name order. A flow only one side
 * has is compared with an empty one, so each of its states and arrows is said as new or gone.
 */
export function compareFlows(
  older: ReadonlyMap<string, FlowRecord>,
  newer: ReadonlyMap<string, FlowRecord>,
): FlowChange[] {
  const names = [...new Set([...older.keys(), ...newer.keys()])].sort();
  const changes: FlowChange[] = [];
  for (const name of names) {
    const before = older.get(name);
    const after = newer.get(name);
    const sentences = flowDifferences(name, before ?? EMPTY, after ?? EMPTY).map((sentence) =>
      sentence.replace(/^machine \S+: /, ''),
    );
    if (!sentences.length && before && after) continue;
    changes.push(sorted(name, !before ? 'added' : !after ? 'removed' : 'changed', sentences));
  }
  return changes;
}

/** The agreed flows (docs/flows/<flow>.md, the index left out) of a git ref, or of the work tree without one. */
export function agreedFlowsAt(root: string, ref?: string): Map<string, FlowRecord> {
  const records = new Map<string, FlowRecord>();
  const flowName = (file: string) => /([^/]+)\.md$/.exec(file)?.[1];
  if (ref === undefined) {
    const dir = join(root, FLOWS_DIR);
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      const name = flowName(file);
      if (name && name !== 'README') records.set(name, readFlowRecord(readFileSync(join(dir, file), 'utf8')));
    }
    return records;
  }
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    throw new Error(`${ref} is not a commit, tag or branch of this repository`);
  }
  for (const file of git('ls-tree', '--name-only', `${ref}`, `${FLOWS_DIR}/`).split('\n')) {
    const name = flowName(file);
    if (name && name !== 'README') records.set(name, readFlowRecord(git('show', `${ref}:${file}`)));
  }
  return records;
}

/** The machines as their agreed flows would say them (the newer side of the check against docs/flows). */
export function machineFlows(registry: Readonly<Record<string, AnyStateMachine>>): Map<string, FlowRecord> {
  return new Map(Object.entries(registry).map(([name, machine]) => [name, flowRecordOf(machine)]));
}

const STATUS: Record<FlowChange['status'], string> = {
  added: 'new flow',
  removed: 'flow removed',
  changed: 'changed',
};

const GROUPS = [
  ['added', 'Added'],
  ['removed', 'Removed'],
  ['changed', 'Changed'],
] as const;

/** The changes as plain text, one flow a block; `none` when nothing differs. */
export function changesText(changes: readonly FlowChange[]): string {
  if (!changes.length) return 'none\n';
  return changes
    .map((change) => {
      const groups = GROUPS.filter(([key]) => change[key].length).map(
        ([key, title]) => `  ${title}:\n${change[key].map((sentence) => `    ${sentence}\n`).join('')}`,
      );
      return `${change.flow} (${STATUS[change.status]})\n${groups.join('')}`;
    })
    .join('\n');
}

/**
 * The changes as an HTML table, one row a flow. With `every`, the flows that did not change get a row saying
 * 'none' (the report lists every flow); otherwise an empty list is one 'none'.
 */
export function changesTable(changes: readonly FlowChange[], every: readonly string[] = []): string {
  const byFlow = new Map(changes.map((change) => [change.flow, change]));
  const flows = [...new Set([...every, ...byFlow.keys()])].sort();
  if (!flows.length) return '<p>none</p>';
  const rows = flows.map((flow) => {
    const change = byFlow.get(flow);
    if (!change) return `<tr data-flow="${escapeHtml(flow)}"><td>${escapeHtml(flow)}</td><td>none</td></tr>`;
    const groups = GROUPS.filter(([key]) => change[key].length)
      .map(
        ([key, title]) =>
          `<p>${title}:</p><ul data-change="${key}">${change[key].map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
      )
      .join('');
    return `<tr class="changed" data-flow="${escapeHtml(flow)}"><td>${escapeHtml(flow)} <small>(${STATUS[change.status]})</small></td><td>${groups}</td></tr>`;
  });
  return `<table class="flow-changes"><thead><tr><th>flow</th><th>changes</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

function main(args: string[]) {
  const htmlAt = args.indexOf('--html');
  const htmlFile = htmlAt >= 0 ? args[htmlAt + 1] : undefined;
  const refs = htmlAt >= 0 ? args.filter((_, index) => index !== htmlAt && index !== htmlAt + 1) : args;
  const [from, to] = refs;
  if (!from || refs.length > 2 || (htmlAt >= 0 && !htmlFile)) {
    console.error('Usage: npm run flows:changes -- <from-ref> [<to-ref>] [--html <file>]');
    process.exit(2);
  }
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const toName = to ?? 'the work tree';
  let changes: FlowChange[];
  try {
    changes = compareFlows(agreedFlowsAt(root, from), agreedFlowsAt(root, to));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const title = `Agreed flows (docs/flows) from ${from} to ${toName}`;
  const note = `'agreed' in a sentence is the flow as ${from} has it.`;
  console.log(`${title}; ${note}\n\n${changesText(changes)}`);
  if (htmlFile) {
    writeFileSync(
      htmlFile,
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}.changed td:first-child{font-weight:600}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(note)}</p>\n${changesTable(changes)}\n</body></html>\n`,
    );
    console.log(`Wrote ${htmlFile}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
