/**
 * The report's word on the agreed flows (docs/decisions/conventions.md: The committed flow is the agreed flow):
 * what the machines of the build change against docs/flows/<machine>.md, the sentences `npm run diagrams:check`
 * fails with, so a tester sees a changed transition in the report although every path is green (the model is
 * the machine); and, with REPORT_SINCE=<git ref>, what the agreed flows changed since that release
 * (`npm run flows:changes -- <ref>`). Drawn again whenever the report is written, from the work tree as it is.
 */
import type { AnyStateMachine } from 'xstate';
import {
  agreedFlowsAt,
  changesTable,
  compareFlows,
  type FlowChange,
  machineFlows,
} from '../../../scripts/flowChanges';
import { escapeHtml, xml } from './markup';

export interface FlowsReport {
  /** The commit whose machines and documents were compared, and when. */
  commit: string;
  comparedAt: string;
  /** Every flow of the registry or of docs/flows, so the unchanged ones can be listed as 'none'. */
  flows: string[];
  /** The machines against their agreed flows: empty when every machine follows its document. */
  agreed: FlowChange[];
  /** REPORT_SINCE's release against the work tree's agreed flows, or why it could not be read. */
  since?: { ref: string; changes: FlowChange[] } | { ref: string; error: string };
}

export function buildFlowsReport(
  root: string,
  registry: Readonly<Record<string, AnyStateMachine>>,
  { commit, comparedAt, since }: { commit: string; comparedAt: string; since: string | undefined },
): FlowsReport {
  const agreed = agreedFlowsAt(root);
  const current = machineFlows(registry);
  const flows = [...new Set([...agreed.keys(), ...current.keys()])].sort();
  const report: FlowsReport = { commit, comparedAt, flows, agreed: compareFlows(agreed, current) };
  if (!since) return report;
  try {
    return { ...report, since: { ref: since, changes: compareFlows(agreedFlowsAt(root, since), agreed) } };
  } catch (error) {
    return { ...report, since: { ref: since, error: (error as Error).message } };
  }
}

/** The two HTML sections, above the test results. */
export function flowsHtml(report: FlowsReport): string {
  const changed = report.agreed.length;
  const agreed = `<section id="agreed-flows" data-part="agreed-flows"><h2>Changes against the agreed flows</h2>
<p>What the machines of <code>${escapeHtml(report.commit)}</code> change against their agreed flows (<code>docs/flows/&lt;machine&gt;.md</code>, compared ${escapeHtml(report.comparedAt)}): ${
    changed
      ? `<strong class="failed">${changed} flow(s) differ.</strong> The model paths cannot see this (they walk the machine as it is); <code>npm run diagrams:check</code> fails until the product owner has reviewed the change and it is accepted with <code>npm run diagrams</code>.`
      : 'none; every machine follows its agreed flow.'
  } 'agreed' in a sentence is the committed document.</p>
${changesTable(report.agreed, report.flows)}
</section>`;
  if (!report.since) return agreed;
  const { ref } = report.since;
  const body =
    'error' in report.since
      ? `<p class="failed">Could not read the agreed flows of <code>${escapeHtml(ref)}</code>: ${escapeHtml(report.since.error)}</p>`
      : `<p>The agreed flows of <code>${escapeHtml(ref)}</code> (<code>REPORT_SINCE</code>) against this work tree's, as <code>npm run flows:changes -- ${escapeHtml(ref)}</code> prints them; 'agreed' in a sentence is the flow as ${escapeHtml(ref)} has it. Machine changes not yet accepted are in the section above.</p>
${changesTable(report.since.changes)}`;
  return `${agreed}
<section id="since-release" data-part="since-release"><h2>Since the last release (${escapeHtml(ref)})</h2>
${body}
</section>`;
}

const lines = (change: FlowChange) =>
  [...change.added, ...change.removed, ...change.changed]
    .map((sentence) => `${change.flow}: ${sentence}`)
    .join('\n');

/** The JUnit suites: one test case a flow, failed where the machine differs; then the release's changes, if asked. */
export function flowsJunit(report: FlowsReport): {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
} {
  const byFlow = new Map(report.agreed.map((change) => [change.flow, change]));
  const cases = report.flows.map((flow) => {
    const change = byFlow.get(flow);
    const failure = change
      ? `<failure message="${xml(`${flow} differs from its agreed flow (docs/flows/${flow}.md): ${change.added.length} added, ${change.removed.length} removed, ${change.changed.length} changed`)}">${xml(lines(change))}</failure>`
      : '';
    return `    <testcase classname="agreed flows" name="${xml(flow)}" time="0.000">${failure}</testcase>`;
  });
  const properties = (extra: Record<string, string>) =>
    `<properties>${Object.entries({ project: 'flows', commit: report.commit, ...extra })
      .map(([name, value]) => `<property name="${xml(name)}" value="${xml(value)}"/>`)
      .join('')}</properties>`;
  let out = `  <testsuite name="Changes against the agreed flows (docs/flows)" tests="${cases.length}" failures="${byFlow.size}" errors="0" skipped="0" time="0.000" timestamp="${report.comparedAt}">
    ${properties({})}
${cases.join('\n')}
  </testsuite>`;
  let tests = cases.length;
  const since = report.since;
  if (since) {
    const sinceCases =
      'error' in since
        ? [
            `    <testcase classname="since ${xml(since.ref)}" name="read ${xml(since.ref)}" time="0.000"><error message="${xml(since.error)}"/></testcase>`,
          ]
        : since.changes.map(
            (change) =>
              `    <testcase classname="since ${xml(since.ref)}" name="${xml(`${change.flow} (${change.status})`)}" time="0.000"><system-out>${xml(lines(change))}</system-out></testcase>`,
          );
    tests += sinceCases.length;
    out += `\n  <testsuite name="Since the last release (${xml(since.ref)})" tests="${sinceCases.length}" failures="0" errors="${'error' in since ? 1 : 0}" skipped="0" time="0.000" timestamp="${report.comparedAt}">
    ${properties({ since: since.ref })}
${sinceCases.join('\n')}
  </testsuite>`;
  }
  return { xml: out, tests, failures: byFlow.size, errors: since && 'error' in since ? 1 : 0 };
}
