/**
 * The tester's report as a self-contained HTML page: one section per part (the model paths, then the journeys of
 * each project that has run), each headed by the commit and time of the run that wrote it, failures first and red.
 * When the parts come from different runs the page says so above them.
 */
import { flowsHtml } from './flowsReport';
import { flakinessOf, type History, journeyKey, pathKey } from './history';
import { JOURNEY_PROJECTS, type JourneyRunReport } from './journeyReport';
import { byOutcome, escapeHtml, xml } from './markup';
import type { TesterReport } from './resultFiles';
import type {
  CoverageGaps,
  ModelRunReport,
  Outcome,
  PathResult,
  RunEnvironment,
  RunLabel,
  TestOutcome,
} from './runReport';

function testCell(test: TestOutcome | undefined): string {
  if (!test) return '<td>–</td>';
  const errors = test.errors.length
    ? `<details><summary>error</summary><pre>${xml(test.errors.join('\n\n'))}</pre></details>`
    : '';
  return `<td class="${test.outcome}">${test.outcome} <small>${test.durationMs} ms</small>${errors}</td>`;
}

function environmentBlock(environment: RunEnvironment): string {
  const rows: Array<[string, string]> = [
    ['Node', environment.node],
    ['OS', environment.os],
    ['CPU cores, load (1, 5, 15 min)', `${environment.cpus}, ${environment.load}`],
    ['Browser', environment.browser],
    ['Database', environment.database],
  ];
  return `<dl class="environment">${rows.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function runLabel(label: RunLabel, totals: Record<Outcome, number>, counted: string): string {
  return `<dl><dt>Commit</dt><dd><code data-commit>${escapeHtml(label.commit)}</code></dd><dt>Ran at</dt><dd><time>${label.ranAt}</time></dd>
${label.filter ? `<dt>Filter (-t)</dt><dd><code>${escapeHtml(label.filter)}</code></dd>` : ''}
<dt>${counted}</dt><dd>${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped</dd></dl>
${environmentBlock(label.environment)}`;
}

/** 'flaky' with its kept results, when it passed and failed on one commit (history.ts). */
function flakyMark(history: History | undefined, key: string): string {
  const flaky = flakinessOf(history, key);
  if (!flaky) return '';
  const commits = flaky.commits.map((commit) => commit.slice(0, 12)).join(', ');
  return ` <small class="flaky" data-flaky title="passed and failed on ${escapeHtml(commits)}">flaky (last runs: ${flaky.runs})</small>`;
}

function pathRow(path: PathResult, history: History | undefined): string {
  const test = (name: string) => path.tests.find((t) => t.name === name);
  const events = path.events.map((event) => `<li><code>${escapeHtml(event)}</code></li>`).join('');
  return `<tr class="${path.outcome}" id="${path.id}" data-outcome="${path.outcome}">
<td><code>${path.id}</code></td><td>${escapeHtml(path.machine)}</td><td class="${path.outcome}">${path.outcome}${flakyMark(history, pathKey(path.id))}</td>
${testCell(test('machine'))}${testCell(test('screen'))}
<td><details><summary>${escapeHtml(path.description.replace(/^\S+ /, ''))}</summary><ol>${events}</ol>
<p>Run again: <code>npx vitest run --project model ${escapeHtml(path.testFile)} -t ${path.id}</code></p></details></td>
<td>${path.link ? `<a href="${escapeHtml(path.link)}">replay in /flows</a>` : 'machines composed: /flows replays each alone'}</td></tr>`;
}

/** What the run did not cover, machine by machine, and the machines it did not walk; said even when nothing is missing. */
function coverageSection(coverage: CoverageGaps, filter: string | undefined): string {
  const gaps = coverage.machines.filter((row) => row.missing.length || row.unusedSamples.length);
  const list = (items: string[]) =>
    `<ul>${items.map((item) => `<li><code>${escapeHtml(item)}</code></li>`).join('')}</ul>`;
  const machines = gaps
    .map(
      (row) =>
        `<li><strong>${escapeHtml(row.machine)}</strong> (states ${row.states}, transitions ${row.transitions})${
          row.missing.length ? `: no path reaches${list(row.missing)}` : ''
        }${row.unusedSamples.length ? `samples no path can send (they test nothing)${list(row.unusedSamples)}` : ''}</li>`,
    )
    .join('');
  const walked = coverage.machines.length;
  const why = filter
    ? `this run was filtered by <code>-t ${escapeHtml(filter)}</code>`
    : 'their model test files were not part of this run, or they have none';
  return `<section id="coverage" data-part="coverage"><h3>Not covered</h3>
${gaps.length ? `<ul>${machines}</ul>` : `<p>Every state and transition of the ${walked} machine(s) this run walked was covered.</p>`}
${coverage.notRun.length ? `<p>No path of these machines ran (${why}):</p>${list(coverage.notRun)}` : '<p>Every machine of <code>machines/registry.ts</code> was walked.</p>'}
<p>Not judged by the model paths: whether a machine still follows its agreed flow (the section <a href="#agreed-flows">Changes against the agreed flows</a>, and <code>npm run diagrams:check</code>), and real Chromium (the journeys).</p>
</section>`;
}

function modelSection(
  report: ModelRunReport,
  { id, heading, history }: { id: string; heading: string; history: History | undefined },
): string {
  const others = report.otherTests
    .map(
      (t) =>
        `<tr class="${t.outcome}"><td>${escapeHtml(t.testFile)}</td><td>${escapeHtml(t.name)}</td>${testCell(t)}</tr>`,
    )
    .join('\n');
  return `<section id="${id}" data-part="${id}"><h2>${heading}</h2>
${runLabel(report, report.totals, 'Paths and tests')}
<table><thead><tr><th>id</th><th>machine</th><th>result</th><th>on the machine</th><th>on the screen</th><th>events</th><th>/flows</th></tr></thead>
<tbody>
${byOutcome(report.paths)
  .map((path) => pathRow(path, history))
  .join('\n')}
</tbody></table>
${others ? `<h3>Other tests</h3><table><tbody>${others}</tbody></table>` : ''}
${coverageSection(report.coverage, report.filter)}
</section>`;
}

/** A failed journey's screenshots and traces, links relative to the report (test/e2e/evidence.ts). */
function evidenceLinks(files: readonly string[] | undefined): string {
  if (!files?.length) return '';
  const link = (file: string) =>
    `<a href="${escapeHtml(file.split('/').map(encodeURIComponent).join('/'))}" data-evidence>${
      file.endsWith('.zip') ? 'trace' : 'screenshot'
    } ${escapeHtml(file.replace(/^.*\//, ''))}</a>`;
  return `<ul class="evidence">${files.map((file) => `<li>${link(file)}</li>`).join('')}</ul>`;
}

function journeySection(report: JourneyRunReport, history: History | undefined): string {
  const rows = byOutcome(report.tests)
    .map(
      (t) =>
        `<tr class="${t.outcome}" data-outcome="${t.outcome}"><td>${escapeHtml(t.testFile)}</td><td>${escapeHtml(t.name)}${flakyMark(history, journeyKey(report.project, t.testFile, t.name))}${evidenceLinks(t.evidence)}</td>${testCell(t)}</tr>`,
    )
    .join('\n');
  return `<section id="${report.project}" data-part="${report.project}"><h2>${JOURNEY_PROJECTS[report.project]}</h2>
${runLabel(report, report.totals, 'Tests')}
<p>Run again: <code>npx vitest run --project ${report.project} &lt;file&gt;</code>. A failed journey links its screenshots and its trace (open it with <code>npx playwright-core show-trace &lt;file&gt;</code>).</p>
<table><thead><tr><th>file</th><th>test</th><th>result</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>`;
}

/** Said above the parts when they are not from one run, so nobody reads them as one verdict. */
function mixedRunsNote(parts: Array<RunLabel & { name: string }>): string {
  const list = (pick: (part: RunLabel) => string) =>
    parts.map((part) => `${escapeHtml(part.name)} ${escapeHtml(pick(part))}`).join(', ');
  if (new Set(parts.map((part) => part.commit)).size > 1)
    return `<p class="mixed" role="note">These parts judged different commits: ${list((part) => part.commit)}.</p>`;
  if (new Set(parts.map((part) => part.ranAt)).size > 1)
    return `<p class="mixed" role="note">These parts come from separate runs of the same commit: ${list((part) => part.ranAt)}.</p>`;
  return '';
}

/** What is not in the report yet, with the command that adds it. */
function missingParts(report: TesterReport): string {
  const missing = [
    ...(report.model ? [] : ['model paths: <code>npm run test:model</code>']),
    ...Object.entries(JOURNEY_PROJECTS)
      .filter(([project]) => !report.journeys.some((journeys) => journeys.project === project))
      .map(([project, title]) => `${title}: <code>npx vitest run --project ${project}</code>`),
  ];
  return missing.length ? `<p>Not in this report yet: ${missing.join('; ')}.</p>` : '';
}

export function renderHtml(report: TesterReport): string {
  const parts = [
    ...(report.rerun ? [{ name: 'model -t', ...report.rerun }] : []),
    ...(report.model ? [{ name: 'model', ...report.model }] : []),
    ...report.journeys.map((journeys) => ({ name: journeys.project, ...journeys })),
  ];
  const failed = parts.reduce((sum, part) => sum + part.totals.failed, 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test report ${escapeHtml(parts[0]?.commit.slice(0, 12) ?? '')}: ${failed} failed${report.flows?.agreed.length ? `, ${report.flows.agreed.length} flow(s) changed` : ''}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}section{margin-bottom:2rem}
.failed{background:#fde2e2;color:#8a1111}.passed{color:#17612b}.skipped{color:#666}pre{white-space:pre-wrap;max-width:60rem}
.mixed{background:#fff4d6;padding:.5rem}.flow-changes ul{margin:0}.flow-changes p{margin:.2rem 0}.flaky{background:#fff4d6;color:#6b4a00;padding:0 .25rem}
</style></head><body>
<h1>Test report: model paths and journeys</h1>
${mixedRunsNote(parts)}
${report.flows ? flowsHtml(report.flows) : ''}
${report.rerun ? modelSection(report.rerun, { id: 'rerun', heading: `Paths run again by id (-t ${escapeHtml(report.rerun.filter ?? '')}); the full run below keeps its result`, history: report.history }) : ''}
${report.model ? modelSection(report.model, { id: 'model', heading: 'Model-based path tests', history: report.history }) : ''}
${report.journeys.map((journeys) => journeySection(journeys, report.history)).join('\n')}
${missingParts(report)}
</body></html>
`;
}
