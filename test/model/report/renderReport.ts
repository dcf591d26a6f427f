/**
 * The model run report as files: a self-contained HTML page for people (one row per path, failures first, red)
 * and JUnit XML for CI tools (one test case per machine/screen test of a path, `<failure>` with the error).
 */
import type { ModelRunReport, Outcome, PathResult, TestOutcome } from './runReport';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** XML 1.0 refuses most control characters; a stack trace with ANSI colours has them (ESC [ … m). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const allowedInXml = (char: string) => char === '\t' || char === '\n' || char === '\r' || char >= ' ';
const xml = (text: string) => escapeHtml([...text.replace(ANSI_COLOUR, '')].filter(allowedInXml).join(''));

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const ORDER: Record<Outcome, number> = { failed: 0, passed: 1, skipped: 2 };

function testCell(test: TestOutcome | undefined): string {
  if (!test) return '<td>–</td>';
  const errors = test.errors.length
    ? `<details><summary>error</summary><pre>${xml(test.errors.join('\n\n'))}</pre></details>`
    : '';
  return `<td class="${test.outcome}">${test.outcome} <small>${test.durationMs} ms</small>${errors}</td>`;
}

function pathRow(path: PathResult): string {
  const test = (name: string) => path.tests.find((t) => t.name === name);
  const events = path.events.map((event) => `<li><code>${escapeHtml(event)}</code></li>`).join('');
  return `<tr class="${path.outcome}" id="${path.id}" data-outcome="${path.outcome}">
<td><code>${path.id}</code></td><td>${escapeHtml(path.machine)}</td><td class="${path.outcome}">${path.outcome}</td>
${testCell(test('machine'))}${testCell(test('screen'))}
<td><details><summary>${escapeHtml(path.description.replace(/^\S+ /, ''))}</summary><ol>${events}</ol>
<p>Run again: <code>npm run test:model -- -t ${path.id}</code></p></details></td>
<td><a href="${escapeHtml(path.link)}">replay in /flows</a></td></tr>`;
}

export function renderHtml(report: ModelRunReport): string {
  const paths = [...report.paths].sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome]);
  const others = report.otherTests
    .map(
      (t) =>
        `<tr class="${t.outcome}"><td>${escapeHtml(t.testFile)}</td><td>${escapeHtml(t.name)}</td>${testCell(t)}</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Model run ${report.commit.slice(0, 12)}: ${report.totals.failed} failed</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}
.failed{background:#fde2e2;color:#8a1111}.passed{color:#17612b}.skipped{color:#666}pre{white-space:pre-wrap;max-width:60rem}
</style></head><body>
<h1>Model-based path tests</h1>
<dl><dt>Commit</dt><dd><code data-commit>${escapeHtml(report.commit)}</code></dd><dt>Ran at</dt><dd><time>${report.ranAt}</time></dd>
${report.filter ? `<dt>Filter (-t)</dt><dd><code>${escapeHtml(report.filter)}</code></dd>` : ''}
<dt>Paths and tests</dt><dd>${report.totals.passed} passed, ${report.totals.failed} failed, ${report.totals.skipped} skipped</dd></dl>
<table><thead><tr><th>id</th><th>machine</th><th>result</th><th>on the machine</th><th>on the screen</th><th>events</th><th>/flows</th></tr></thead>
<tbody>
${paths.map(pathRow).join('\n')}
</tbody></table>
${others ? `<h2>Other tests</h2><table><tbody>${others}</tbody></table>` : ''}
</body></html>
`;
}

function testCase(
  classname: string,
  name: string,
  test: TestOutcome,
  properties: Record<string, string>,
): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `<property name="${xml(key)}" value="${xml(value)}"/>`)
    .join('');
  const body =
    test.outcome === 'failed'
      ? `<failure message="${xml((test.errors[0] ?? 'failed').split('\n')[0] ?? '')}">${xml(test.errors.join('\n\n'))}</failure>`
      : test.outcome === 'skipped'
        ? '<skipped/>'
        : '';
  return `    <testcase classname="${xml(classname)}" name="${xml(name)}" time="${seconds(test.durationMs)}">${props ? `<properties>${props}</properties>` : ''}${body}</testcase>`;
}

export function renderJunit(report: ModelRunReport): string {
  const byFile = new Map<string, string[]>();
  const counts = new Map<string, { tests: number; failures: number; skipped: number; ms: number }>();
  const add = (file: string, entry: string, test: TestOutcome) => {
    byFile.set(file, [...(byFile.get(file) ?? []), entry]);
    const count = counts.get(file) ?? { tests: 0, failures: 0, skipped: 0, ms: 0 };
    count.tests++;
    if (test.outcome === 'failed') count.failures++;
    if (test.outcome === 'skipped') count.skipped++;
    count.ms += test.durationMs;
    counts.set(file, count);
  };
  for (const path of report.paths)
    for (const test of path.tests)
      add(
        path.testFile,
        testCase(path.machine, `${test.name}: ${path.description}`, test, {
          pathId: path.id,
          events: JSON.stringify(path.events),
          flows: path.link,
        }),
        test,
      );
  for (const test of report.otherTests)
    add(test.testFile, testCase(test.testFile, test.name, test, {}), test);
  const all = [...counts.values()];
  const sum = (pick: (c: { tests: number; failures: number; skipped: number; ms: number }) => number) =>
    all.reduce((total, c) => total + pick(c), 0);
  const suites = [...byFile.entries()].map(([file, cases]) => {
    const c = counts.get(file) ?? { tests: 0, failures: 0, skipped: 0, ms: 0 };
    return `  <testsuite name="${xml(file)}" tests="${c.tests}" failures="${c.failures}" errors="0" skipped="${c.skipped}" time="${seconds(c.ms)}" timestamp="${report.ranAt}">
    <properties><property name="commit" value="${xml(report.commit)}"/></properties>
${cases.join('\n')}
  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="model" tests="${sum((c) => c.tests)}" failures="${sum((c) => c.failures)}" errors="0" skipped="${sum((c) => c.skipped)}" time="${seconds(sum((c) => c.ms))}" timestamp="${report.ranAt}">
${suites.join('\n')}
</testsuites>
`;
}
