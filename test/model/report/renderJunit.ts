/**
 * The tester's report as JUnit XML for CI tools: one testsuite per test file, the model paths' files (one test case
 * per machine/screen test of a path, with the path id, events and /flows link as properties) and the journeys'
 * files (one test case per test); `<failure>` with the error. Each testsuite carries the project, commit and time
 * of the run that wrote its part.
 */
import { flowsJunit } from './flowsReport';
import { flakinessOf, type History, journeyKey, pathKey } from './history';
import type { JourneyRunReport } from './journeyReport';
import { seconds, xml } from './markup';
import type { TesterReport } from './resultFiles';
import type { ModelRunReport, RunLabel, TestOutcome } from './runReport';

function testCase(
  classname: string,
  name: string,
  test: TestOutcome,
  properties: Record<string, string>,
  attachments: readonly string[] = [],
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
  // Jenkins' and GitLab's attachment convention; the paths are relative to the report's folder.
  const out = attachments.length
    ? `<system-out>${attachments.map((file) => `[[ATTACHMENT|${xml(file)}]]`).join('\n')}</system-out>`
    : '';
  return `    <testcase classname="${xml(classname)}" name="${xml(name)}" time="${seconds(test.durationMs)}">${props ? `<properties>${props}</properties>` : ''}${body}${out}</testcase>`;
}

interface Suite {
  file: string;
  project: string;
  label: RunLabel;
  cases: string[];
  tests: number;
  failures: number;
  skipped: number;
  ms: number;
}

/** Collects test cases into one suite per (project, file). */
function suites() {
  const byKey = new Map<string, Suite>();
  return {
    add(project: string, label: RunLabel, file: string, entry: string, test: TestOutcome) {
      const key = `${project}\n${file}`;
      const suite = byKey.get(key) ?? {
        file,
        project,
        label,
        cases: [],
        tests: 0,
        failures: 0,
        skipped: 0,
        ms: 0,
      };
      suite.cases.push(entry);
      suite.tests++;
      if (test.outcome === 'failed') suite.failures++;
      if (test.outcome === 'skipped') suite.skipped++;
      suite.ms += test.durationMs;
      byKey.set(key, suite);
    },
    all: () => [...byKey.values()],
  };
}

function suiteXml(suite: Suite): string {
  return `  <testsuite name="${xml(suite.file)}" tests="${suite.tests}" failures="${suite.failures}" errors="0" skipped="${suite.skipped}" time="${seconds(suite.ms)}" timestamp="${suite.label.ranAt}">
    <properties>${Object.entries({
      project: suite.project,
      commit: suite.label.commit,
      ...(suite.label.filter ? { filter: suite.label.filter } : {}),
      ...suite.label.environment,
    })
      .map(([name, value]) => `<property name="${xml(name)}" value="${xml(String(value))}"/>`)
      .join('')}</properties>
${suite.cases.join('\n')}
  </testsuite>`;
}

/** `flaky` and the kept results as properties, when it passed and failed on one commit (history.ts). */
function flakyProperties(history: History | undefined, key: string): Record<string, string> {
  const flaky = flakinessOf(history, key);
  return flaky ? { flaky: flaky.commits.join(' '), history: flaky.runs } : {};
}

function addJourneys(
  collected: ReturnType<typeof suites>,
  report: JourneyRunReport,
  history: History | undefined,
) {
  for (const test of report.tests)
    collected.add(
      report.project,
      report,
      test.testFile,
      testCase(
        test.testFile,
        test.name,
        test,
        flakyProperties(history, journeyKey(report.project, test.testFile, test.name)),
        test.evidence,
      ),
      test,
    );
}

function addModel(
  collected: ReturnType<typeof suites>,
  project: string,
  model: ModelRunReport,
  history: History | undefined,
) {
  for (const path of model.paths)
    for (const test of path.tests)
      collected.add(
        project,
        model,
        path.testFile,
        testCase(path.machine, `${test.name}: ${path.description}`, test, {
          pathId: path.id,
          events: JSON.stringify(path.events),
          ...(path.link ? { flows: path.link } : {}),
          ...flakyProperties(history, pathKey(path.id)),
        }),
        test,
      );
  for (const test of model.otherTests)
    collected.add(project, model, test.testFile, testCase(test.testFile, test.name, test, {}), test);
}

export function renderJunit(report: TesterReport): string {
  const collected = suites();
  const { model, rerun } = report;
  // Paths run again by id are suites of their own ('model -t'), beside the full run's, which keeps its result.
  if (rerun) addModel(collected, 'model -t', rerun, report.history);
  if (model) addModel(collected, 'model', model, report.history);
  for (const journeys of report.journeys) addJourneys(collected, journeys, report.history);
  const all = collected.all();
  const flows = report.flows ? flowsJunit(report.flows) : undefined;
  const sum = (pick: (suite: Suite) => number) => all.reduce((total, suite) => total + pick(suite), 0);
  const parts = [
    ...(rerun ? ['model -t'] : []),
    ...(model ? ['model'] : []),
    ...report.journeys.map((journeys) => journeys.project),
  ];
  // The newest part's time: the moment this file was last rewritten from the parts.
  const newest =
    [...(rerun ? [rerun.ranAt] : []), ...(model ? [model.ranAt] : []), ...report.journeys.map((j) => j.ranAt)]
      .sort()
      .at(-1) ?? '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xml([...parts, ...(flows ? ['flows'] : [])].join(', '))}" tests="${sum((s) => s.tests) + (flows?.tests ?? 0)}" failures="${sum((s) => s.failures) + (flows?.failures ?? 0)}" errors="${flows?.errors ?? 0}" skipped="${sum((s) => s.skipped)}" time="${seconds(sum((s) => s.ms))}" timestamp="${newest}">
${[...(flows ? [flows.xml] : []), ...all.map(suiteXml)].join('\n')}
</testsuites>
`;
}
