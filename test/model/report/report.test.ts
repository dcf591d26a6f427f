import { describe, expect, it } from 'vitest';
import type { CoverageRecord } from '../coverage';
import { pathId } from '../pathId';
import { renderHtml } from './renderHtml';
import { renderJunit } from './renderJunit';
import { buildRunReport, type TestCaseLike } from './runReport';

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
    relativePath: (file) => file.slice('/repo/'.length),
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
    const html = renderHtml({ model: report, journeys: [] });
    expect(html).toContain(`<tr class="failed" id="${failingId}" data-outcome="failed">`);
    expect(html).toContain(`<tr class="passed" id="${passingId}" data-outcome="passed">`);
    expect(html).toContain('c0ffee1234567890c0ffee1234567890c0ffee12');
    expect(html).toContain('2026-11-24T08:00:00.000Z');
    expect(html).toContain('Unable to find role &quot;status&quot;');
    expect(html).toContain(
      'field.change {&quot;field&quot;:&quot;email&quot;,&quot;value&quot;:&quot;ada@example.com&quot;}',
    );
    expect(html).toContain(`npm run test:model -- -t ${failingId}`);
    expect(html).toContain(`href="http://localhost:3000/flows/login?path=${failingId}"`);
  });

  it('shows the failing path as a failure in the JUnit XML, and the passing one without', () => {
    const junit = renderJunit({ model: report, journeys: [] });
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
