import { describe, expect, it } from 'vitest';
import type { CoverageRecord } from '../coverage';
import { pathId } from '../pathId';
import { TEST_ENVIRONMENT } from './fakeReporterApi';
import { renderHtml } from './renderHtml';
import { renderJunit } from './renderJunit';
import { reportSite } from './reporter';
import { buildRunReport, coverageGaps, type TestCaseLike } from './runReport';

const failingId = pathId('login', undefined, [{ type: 'form.submit' }]);
const passingId = pathId('login', undefined, [
  { type: 'field.change', field: 'email', value: 'ada@example.com' },
]);

const record: CoverageRecord = {
  machine: 'login',
  testFile: '/repo/machines/login/login.model.test.tsx',
  states: { all: {}, covered: [] },
  transitions: { all: {}, covered: [] },
  paths: [
    {
      id: failingId,
      description: `${failingId} editing → form.submit → submitting`,
      events: ['form.submit'],
    },
    {
      id: passingId,
      description: `${passingId} editing → field.change → editing`,
      events: ['field.change {"field":"email","value":"ada@example.com"}'],
    },
  ],
};

const test = (name: string, state: string, error?: string): TestCaseLike => ({
  name,
  module: { moduleId: '/repo/machines/login/login.model.test.tsx' },
  project: { name: 'model' },
  result: () => ({
    state,
    errors: error ? [{ message: error, stack: `Error: ${error}\n    at screen` }] : [],
  }),
  diagnostic: () => ({ duration: 12.4 }),
});

/** A synthetic run: one path whose screen test failed, one that passed on both. */
const report = buildRunReport(
  [
    test(`machine: ${failingId} editing → form.submit → submitting`, 'passed'),
    test(`screen: ${failingId} editing → form.submit → submitting`, 'failed', 'Unable to find role "status"'),
    test(`machine: ${passingId} editing → field.change → editing`, 'passed'),
    test(`screen: ${passingId} editing → field.change → editing`, 'passed'),
  ],
  [record],
  {
    commit: 'c0ffee1234567890c0ffee1234567890c0ffee12',
    ranAt: new Date('2026-11-24T08:00:00Z'),
    filter: undefined,
    environment: TEST_ENVIRONMENT,
    relativePath: (file) => file.slice('/repo/'.length),
    site: 'http://localhost:3000',
    flows: ['login'],
    coverage: { machines: [], notRun: [] },
  },
);

describe('the tester report of a model run', () => {
  it('gives a path an id from what it is (machine, input, events), not its position', () => {
    expect(failingId).toMatch(/^[0-9a-f]{10}$/);
    expect(pathId('login', undefined, [{ type: 'form.submit' }])).toBe(failingId);
    expect(pathId('login', { token: 'x' }, [{ type: 'form.submit' }])).not.toBe(failingId);
    expect(pathId('register', undefined, [{ type: 'form.submit' }])).not.toBe(failingId);
  });

  it('marks the path failed when its screen test failed, with its whole events and a /flows link', () => {
    const failing = report.paths.find((path) => path.id === failingId);
    expect(failing).toMatchObject({
      machine: 'login',
      outcome: 'failed',
      events: ['form.submit'],
      link: `http://localhost:3000/flows/login?path=${failingId}`,
      testFile: 'machines/login/login.model.test.tsx',
    });
    expect(failing?.tests.map((t) => [t.name, t.outcome, t.durationMs])).toEqual([
      ['machine', 'passed', 12],
      ['screen', 'failed', 12],
    ]);
    expect(report.paths.find((path) => path.id === passingId)?.outcome).toBe('passed');
    expect(report.totals).toEqual({ passed: 1, failed: 1, skipped: 0 });
  });

  it('shows the failing path as failed in the HTML, with the commit, the time and the error', () => {
    const html = renderHtml({ model: report, rerun: undefined, journeys: [] });
    expect(html).toContain(`<tr class="failed" id="${failingId}" data-outcome="failed">`);
    expect(html).toContain(`<tr class="passed" id="${passingId}" data-outcome="passed">`);
    expect(html).toContain('c0ffee1234567890c0ffee1234567890c0ffee12');
    expect(html).toContain('2026-11-24T08:00:00.000Z');
    expect(html).toContain('Unable to find role &quot;status&quot;');
    expect(html).toContain(
      'field.change {&quot;field&quot;:&quot;email&quot;,&quot;value&quot;:&quot;ada@example.com&quot;}',
    );
    expect(html).toContain(
      `npx vitest run --project model machines/login/login.model.test.tsx -t ${failingId}`,
    );
    expect(html).toContain('<dt>Node</dt><dd>v24.0.0</dd>');
    expect(html).toContain('<dt>Browser</dt><dd>happy-dom 21.0.4</dd>');
    expect(html).toContain('<dt>Database</dt><dd>none (every call is a fake)</dd>');
    expect(html).toContain(`href="http://localhost:3000/flows/login?path=${failingId}"`);
  });

  it('shows the failing path as a failure in the JUnit XML, and the passing one without', () => {
    const junit = renderJunit({ model: report, rerun: undefined, journeys: [] });
    expect(junit).toMatch(/<testsuites name="model" tests="4" failures="1" errors="0" skipped="0"/);
    expect(junit).toContain('<property name="commit" value="c0ffee1234567890c0ffee1234567890c0ffee12"/>');
    const cases = junit.split('<testcase ').slice(1);
    const failing = cases.find((c) => c.includes(`name="screen: ${failingId}`));
    expect(failing).toContain('<failure message="Error: Unable to find role &quot;status&quot;"');
    const passing = cases.filter((c) => c.includes(passingId));
    expect(passing).toHaveLength(2);
    for (const c of passing) expect(c).not.toContain('<failure');
  });
});

describe('the model report finds the fault', () => {
  it('links /flows on the site of the environment, not a fixed localhost:3000', () => {
    expect(reportSite({})).toBe('http://localhost:3000');
    expect(reportSite({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(reportSite({ SITE_URL: 'https://demo.example.org/', PORT: '8080' })).toBe(
      'https://demo.example.org',
    );
    expect(reportSite({ REPORT_SITE_URL: 'https://flows.example.org', SITE_URL: 'https://x.example' })).toBe(
      'https://flows.example.org',
    );
    const onDemo = buildRunReport([test(`machine: ${failingId} editing → form.submit`, 'passed')], [record], {
      commit: 'c0ffee',
      ranAt: new Date('2026-11-24T08:00:00Z'),
      filter: undefined,
      environment: TEST_ENVIRONMENT,
      relativePath: (file) => file.slice('/repo/'.length),
      site: 'https://demo.example.org',
      flows: ['login'],
      coverage: { machines: [], notRun: [] },
    });
    expect(onDemo.paths[0]?.link).toBe(`https://demo.example.org/flows/login?path=${failingId}`);
  });

  it('links no path of what /flows does not draw (a composition of machines), and says so', () => {
    const composed: CoverageRecord = { ...record, machine: 'login+twoFactorSetup' };
    const report = buildRunReport(
      [test(`machine: ${failingId} editing → form.submit`, 'passed')],
      [composed],
      {
        commit: 'c0ffee',
        ranAt: new Date('2026-11-24T08:00:00Z'),
        filter: undefined,
        environment: TEST_ENVIRONMENT,
        relativePath: (file) => file.slice('/repo/'.length),
        site: 'http://localhost:3000',
        flows: ['login'],
        coverage: { machines: [], notRun: [] },
      },
    );
    expect(report.paths[0]?.machine).toBe('login+twoFactorSetup');
    expect(report.paths[0]?.link).toBeUndefined();
    const html = renderHtml({ model: report, rerun: undefined, journeys: [] });
    expect(html).toContain('machines composed: /flows replays each alone');
    expect(html).not.toContain(`/flows/login%2BtwoFactorSetup`);
    expect(renderJunit({ model: report, rerun: undefined, journeys: [] })).not.toContain('name="flows"');
  });

  it('names the machine of a path no record lists by its test file, never "?"', () => {
    const unrecorded = buildRunReport([test(`screen: ${failingId} editing → form.submit`, 'passed')], [], {
      commit: 'c0ffee',
      ranAt: new Date('2026-11-24T08:00:00Z'),
      filter: undefined,
      environment: TEST_ENVIRONMENT,
      relativePath: (file) => file.slice('/repo/'.length),
      site: 'http://localhost:3000',
      flows: ['login'],
      coverage: { machines: [], notRun: [] },
    });
    expect(unrecorded.paths[0]).toMatchObject({
      machine: 'login',
      link: `http://localhost:3000/flows/login?path=${failingId}`,
    });
  });

  it('lists what the run did not cover, machine by machine, and the machines it did not walk', () => {
    const partial: CoverageRecord = {
      ...record,
      states: { all: { 'login.a': 'a', 'login.b': 'b' }, covered: ['login.a'] },
      transitions: { all: { t: 'a → b on go' }, covered: [] },
      samples: { declared: ['field.change {"field":"nme"}'], offered: [] },
    };
    const gaps = coverageGaps([partial], ['login', 'sessions']);
    expect(gaps).toEqual({
      machines: [
        {
          machine: 'login',
          states: '1/2',
          transitions: '0/1',
          missing: ['state b', 'transition a → b on go'],
          unusedSamples: ['field.change {"field":"nme"}'],
        },
      ],
      notRun: ['sessions'],
    });
    const html = renderHtml({ model: { ...report, coverage: gaps }, rerun: undefined, journeys: [] });
    const section = html.slice(html.indexOf('<section id="coverage"'));
    expect(section).toContain('<strong>login</strong> (states 1/2, transitions 0/1): no path reaches');
    expect(section).toContain('<code>transition a → b on go</code>');
    expect(section).toContain('samples no path can send');
    expect(section).toMatch(
      /No path of these machines ran \(their model test files were not part of this run.*<code>sessions<\/code>/s,
    );
    const covered = renderHtml({ model: report, rerun: undefined, journeys: [] });
    expect(covered).toContain('Every state and transition of the 0 machine(s) this run walked was covered.');
  });

  it('carries the environment and the failing step into the JUnit XML', () => {
    const failing = buildRunReport(
      [
        test(
          `screen: ${failingId} editing → form.submit`,
          'failed',
          "At step 1 of 1 (form.submit), machines/login/login.model.test.tsx:88:7: Screen assertion for 'submitting' failed",
        ),
      ],
      [record],
      {
        commit: 'c0ffee',
        ranAt: new Date('2026-11-24T08:00:00Z'),
        filter: undefined,
        environment: TEST_ENVIRONMENT,
        relativePath: (file) => file.slice('/repo/'.length),
        site: 'http://localhost:3000',
        flows: ['login'],
        coverage: { machines: [], notRun: [] },
      },
    );
    const junit = renderJunit({ model: failing, rerun: undefined, journeys: [] });
    expect(junit).toContain('<property name="node" value="v24.0.0"/>');
    expect(junit).toContain('<property name="browser" value="happy-dom 21.0.4"/>');
    expect(junit).toContain(
      '<failure message="Error: At step 1 of 1 (form.submit), machines/login/login.model.test.tsx:88:7: Screen assertion for &#39;submitting&#39; failed"',
    );
  });

  it('keeps to the paths a run filtered by -t ran, not the ones the filter skipped', () => {
    const rerun = buildRunReport(
      [
        test(`machine: ${failingId} editing → form.submit → submitting`, 'passed'),
        test(`screen: ${failingId} editing → form.submit → submitting`, 'failed', 'At step 1'),
        test(`machine: ${passingId} editing → field.change → editing`, 'skipped'),
        test(`screen: ${passingId} editing → field.change → editing`, 'skipped'),
        test('the boundaries hold', 'skipped'),
      ],
      [record],
      {
        commit: 'c0ffee',
        ranAt: new Date('2026-11-24T08:00:00Z'),
        filter: failingId,
        environment: TEST_ENVIRONMENT,
        relativePath: (file) => file.slice('/repo/'.length),
        site: 'http://localhost:3000',
        flows: ['login'],
        coverage: { machines: [], notRun: [] },
      },
    );
    expect(rerun.paths.map((path) => path.id)).toEqual([failingId]);
    expect(rerun.otherTests).toEqual([]);
    expect(rerun.totals).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });
});
