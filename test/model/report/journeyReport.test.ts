import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTestModule, TEST_ENVIRONMENT } from './fakeReporterApi';
import { recordHistory } from './history';
import { buildJourneyReport } from './journeyReport';
import { renderHtml } from './renderHtml';
import { renderJunit } from './renderJunit';
import { readParts, writePart } from './resultFiles';
import { buildRunReport } from './runReport';

const relativePath = (file: string) => file.slice('/repo/'.length);
const e2eRun = {
  commit: 'e2e0000000000000000000000000000000000000',
  ranAt: '2026-11-24T09:30:00.000Z',
  filter: undefined,
  environment: { ...TEST_ENVIRONMENT, browser: 'Chromium 159.0.8154.6 (Playwright)' },
};

/** A synthetic e2e run: one journey passed, one failed, one skipped, and a file whose beforeAll threw. */
const journeys = buildJourneyReport(
  'e2e',
  [
    fakeTestModule('e2e', '/repo/test/e2e/login.e2e.test.ts', [
      { names: ['login', 'signs in with a password'], state: 'passed' },
      {
        names: ['login', 'refuses a wrong code'],
        state: 'failed',
        error: 'Timed out waiting for "Wrong code"',
        evidence: [
          'evidence/e2e/login--refuses-a-wrong-code-1.1.png',
          'evidence/e2e/login--refuses-a-wrong-code-1.trace.zip',
        ],
      },
      { names: ['login', 'passkey'], state: 'skipped' },
    ]),
    fakeTestModule('e2e', '/repo/test/e2e/smoke.e2e.test.ts', [{ names: ['opens'], state: 'skipped' }], {
      suiteErrors: { 'landing layout': 'Chromium did not start' },
    }),
    fakeTestModule('model', '/repo/machines/login/login.model.test.tsx', [
      { names: ['other project'], state: 'passed' },
    ]),
  ],
  { ...e2eRun, relativePath },
);

describe('the journeys in the tester report', () => {
  it('keeps every e2e test case with its file, whole name, result, duration and error, and errors outside tests', () => {
    expect(journeys.tests.map((t) => [t.testFile, t.name, t.outcome, t.durationMs])).toEqual([
      ['test/e2e/login.e2e.test.ts', 'login > signs in with a password', 'passed', 1500],
      ['test/e2e/login.e2e.test.ts', 'login > refuses a wrong code', 'failed', 1500],
      ['test/e2e/login.e2e.test.ts', 'login > passkey', 'skipped', 0],
      ['test/e2e/smoke.e2e.test.ts', 'landing layout (outside any test)', 'failed', 0],
      ['test/e2e/smoke.e2e.test.ts', 'opens', 'skipped', 0],
    ]);
    expect(journeys.tests[1]?.errors[0]).toContain('Timed out waiting for "Wrong code"');
    expect(journeys.totals).toEqual({ passed: 1, failed: 2, skipped: 2 });
    expect(journeys.tests[1]?.evidence).toEqual([
      'evidence/e2e/login--refuses-a-wrong-code-1.1.png',
      'evidence/e2e/login--refuses-a-wrong-code-1.trace.zip',
    ]);
    expect(journeys.tests[0]?.evidence).toBeUndefined();
  });

  it('shows the journeys passed and failed in their own HTML section, labelled with their commit and time', () => {
    const html = renderHtml({ model: undefined, rerun: undefined, journeys: [journeys] });
    const section = html.slice(html.indexOf('<section id="e2e"'), html.indexOf('</section>'));
    expect(section).toContain('<h2>Chromium journeys (test/e2e)</h2>');
    expect(section).toContain('e2e0000000000000000000000000000000000000');
    expect(section).toContain('2026-11-24T09:30:00.000Z');
    expect(section).toContain('1 passed, 2 failed, 2 skipped');
    expect(section).toMatch(
      /<tr class="passed" data-outcome="passed"><td>test\/e2e\/login.e2e.test.ts<\/td><td>login &gt; signs in with a password<\/td>/,
    );
    expect(section).toMatch(
      /<tr class="failed" data-outcome="failed"><td>test\/e2e\/login.e2e.test.ts<\/td><td>login &gt; refuses a wrong code<ul class="evidence">/,
    );
    expect(section).toContain('Timed out waiting for &quot;Wrong code&quot;');
    // The failed journey links its screenshot and trace, relative to the report's folder.
    expect(section).toContain(
      '<a href="evidence/e2e/login--refuses-a-wrong-code-1.1.png" data-evidence>screenshot login--refuses-a-wrong-code-1.1.png</a>',
    );
    expect(section).toContain(
      '<a href="evidence/e2e/login--refuses-a-wrong-code-1.trace.zip" data-evidence>trace login--refuses-a-wrong-code-1.trace.zip</a>',
    );
    // Failures come first.
    expect(section.indexOf('refuses a wrong code')).toBeLessThan(section.indexOf('signs in with a password'));
    expect(html).toContain('Not in this report yet: model paths: <code>npm run test:model</code>');
  });

  it('gives the journeys their own JUnit testsuites, with the project and commit, a failure for the failed ones', () => {
    const junit = renderJunit({ model: undefined, rerun: undefined, journeys: [journeys] });
    expect(junit).toMatch(/<testsuites name="e2e" tests="5" failures="2" errors="0" skipped="2"/);
    const login = junit.slice(junit.indexOf('<testsuite name="test/e2e/login.e2e.test.ts"'));
    expect(login).toMatch(
      /^<testsuite name="test\/e2e\/login.e2e.test.ts" tests="3" failures="1" errors="0" skipped="1" time="3.000" timestamp="2026-11-24T09:30:00.000Z">/,
    );
    expect(login).toContain(
      '<property name="project" value="e2e"/><property name="commit" value="e2e0000000000000000000000000000000000000"/>',
    );
    const cases = junit.split('<testcase ').slice(1);
    expect(cases.find((c) => c.includes('name="login &gt; signs in with a password"'))).not.toContain(
      '<failure',
    );
    const failed = cases.find((c) => c.includes('name="login &gt; refuses a wrong code"'));
    expect(failed).toContain('<failure message="Error: Timed out waiting for &quot;Wrong code&quot;"');
    expect(failed).toContain(
      '<system-out>[[ATTACHMENT|evidence/e2e/login--refuses-a-wrong-code-1.1.png]]\n[[ATTACHMENT|evidence/e2e/login--refuses-a-wrong-code-1.trace.zip]]</system-out>',
    );
    expect(cases.find((c) => c.includes('name="login &gt; passkey"'))).toContain('<skipped/>');
  });
});

describe('the report built from the parts each run wrote', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const model = buildRunReport([], [], {
    commit: 'c0ffee1234567890c0ffee1234567890c0ffee12',
    ranAt: new Date('2026-11-24T08:00:00Z'),
    filter: undefined,
    environment: TEST_ENVIRONMENT,
    relativePath,
    site: 'http://localhost:3000',
    flows: ['login'],
    coverage: { machines: [], notRun: [] },
  });

  it('reads the model and journey parts beside each other, and says when they judged different commits', () => {
    dir = mkdtempSync(join(tmpdir(), 'tester-report-'));
    writePart(dir, { kind: 'model', report: model });
    writePart(dir, { kind: 'journeys', report: journeys });
    writeFileSync(join(dir, 'rehearsal.json'), '{"format":0}'); // written in an older shape: left out
    const report = readParts(dir);
    expect(report.model?.commit).toBe('c0ffee1234567890c0ffee1234567890c0ffee12');
    expect(report.journeys.map((j) => j.project)).toEqual(['e2e']);
    const html = renderHtml(report);
    expect(html).toContain(
      'These parts judged different commits: model c0ffee1234567890c0ffee1234567890c0ffee12, e2e e2e0000000000000000000000000000000000000.',
    );
    expect(html.indexOf('<section id="model"')).toBeLessThan(html.indexOf('<section id="e2e"'));
  });

  it('says when the parts are separate runs of one commit, and nothing when they are one run', () => {
    const sameCommit = { ...journeys, commit: model.commit };
    expect(renderHtml({ model, rerun: undefined, journeys: [sameCommit] })).toContain(
      'These parts come from separate runs of the same commit: model 2026-11-24T08:00:00.000Z, e2e 2026-11-24T09:30:00.000Z.',
    );
    expect(
      renderHtml({ model, rerun: undefined, journeys: [{ ...sameCommit, ranAt: model.ranAt }] }),
    ).not.toContain('class="mixed"');
  });

  it('marks a journey flaky that passed and failed on one commit, with its kept results, and not one fixed by a commit', () => {
    dir = mkdtempSync(join(tmpdir(), 'tester-report-'));
    const file = join(dir, 'history.json');
    const run = (commit: string, ranAt: string, outcome: 'passed' | 'failed') => ({
      ...journeys,
      commit,
      ranAt,
      tests: journeys.tests.map((test) =>
        test.name === 'login > signs in with a password' ? { ...test, outcome } : test,
      ),
    });
    recordHistory(file, [{ kind: 'journeys', report: run('aaa', '2026-11-24T09:00:00.000Z', 'failed') }]);
    const fixed = recordHistory(file, [
      { kind: 'journeys', report: run('bbb', '2026-11-24T10:00:00.000Z', 'passed') },
    ]);
    expect(
      renderHtml({ model: undefined, rerun: undefined, journeys: [journeys], history: fixed }),
    ).not.toContain('data-flaky');
    const history = recordHistory(file, [
      { kind: 'journeys', report: run('bbb', '2026-11-24T11:00:00.000Z', 'failed') },
    ]);
    const html = renderHtml({ model: undefined, rerun: undefined, journeys: [journeys], history });
    expect(html).toContain(
      'signs in with a password <small class="flaky" data-flaky title="passed and failed on bbb">flaky (last runs: failed passed failed)</small>',
    );
    // The failed test that failed every time is not flaky; skips are no result.
    expect(html.match(/data-flaky/g)).toHaveLength(1);
    const junit = renderJunit({ model: undefined, rerun: undefined, journeys: [journeys], history });
    expect(junit).toContain(
      '<property name="flaky" value="bbb"/><property name="history" value="failed passed failed"/>',
    );
  });
});
