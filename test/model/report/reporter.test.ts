import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { TestCase, TestModule, Vitest } from 'vitest/node';
import type { CoverageRecord } from '../coverage';
import { pathId } from '../pathId';
import { fakeTestModule } from './fakeReporterApi';
import type { TestModuleLike } from './journeyReport';
import TesterReporter, { REPORT_DIR } from './reporter';
import type { TestCaseLike } from './runReport';

/**
 * The reporter class as vitest drives it (onInit, then onTestRunEnd with the run's test modules) on a throwaway
 * root: a model run, then an e2e run as `npm test` makes them (two vitest runs), must leave both in the report.
 */
const root = mkdtempSync(join(tmpdir(), 'tester-reporter-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const logged: string[] = [];
const vitestOf = (testNamePattern?: RegExp) => ({
  config: { root, testNamePattern },
  logger: { log: (message: string) => logged.push(message) },
});

async function run(modules: TestModuleLike[], testNamePattern?: RegExp) {
  const reporter = new TesterReporter();
  reporter.onInit(vitestOf(testNamePattern));
  await reporter.onTestRunEnd(modules);
}

const read = (file: string) => readFileSync(join(root, REPORT_DIR, file), 'utf8');

const id = pathId('login', undefined, [{ type: 'form.submit' }]);
const record: CoverageRecord = {
  machine: 'login',
  testFile: join(root, 'machines/login/login.model.test.tsx'),
  states: { all: {}, covered: [] },
  transitions: { all: {}, covered: [] },
  paths: [{ id, description: `${id} editing → form.submit → submitting`, events: ['form.submit'] }],
};

describe('the tester reporter, driven as vitest drives it', () => {
  it('reads only what vitest’s own reporter objects have', () => {
    expectTypeOf<TestModule>().toExtend<TestModuleLike>();
    expectTypeOf<TestCase>().toExtend<TestCaseLike>();
    expectTypeOf<Vitest>().toExtend<Parameters<TesterReporter['onInit']>[0]>();
  });

  it('writes the model paths of a model run', async () => {
    mkdirSync(join(root, 'test-results/model-coverage'), { recursive: true });
    writeFileSync(join(root, 'test-results/model-coverage/login.json'), JSON.stringify(record));
    const modelFile = join(root, 'machines/login/login.model.test.tsx');
    await run([
      fakeTestModule('model', modelFile, [
        { names: [`machine: ${id} editing → form.submit → submitting`], state: 'passed' },
        { names: [`screen: ${id} editing → form.submit → submitting`], state: 'passed' },
      ]),
    ]);
    expect(read('index.html')).toContain(`<tr class="passed" id="${id}" data-outcome="passed">`);
    expect(read('junit.xml')).toContain(`name="machine: ${id} editing → form.submit → submitting"`);
    expect(logged.at(-1)).toContain('model updated');
  });

  it('adds a later e2e run’s journeys beside them, passed and failed, without losing the model paths', async () => {
    await run([
      fakeTestModule('e2e', join(root, 'test/e2e/login.e2e.test.ts'), [
        { names: ['login', 'signs in'], state: 'passed' },
        { names: ['login', 'refuses a wrong code'], state: 'failed', error: 'expected "Wrong code"' },
      ]),
    ]);
    const html = read('index.html');
    expect(html).toContain(`<tr class="passed" id="${id}" data-outcome="passed">`);
    expect(html).toContain('<section id="e2e" data-part="e2e"><h2>Chromium journeys (test/e2e)</h2>');
    expect(html).toMatch(
      /<tr class="passed" data-outcome="passed"><td>test\/e2e\/login.e2e.test.ts<\/td><td>login &gt; signs in<\/td>/,
    );
    expect(html).toMatch(
      /<tr class="failed" data-outcome="failed"><td>test\/e2e\/login.e2e.test.ts<\/td><td>login &gt; refuses a wrong code<\/td>/,
    );
    expect(html).toContain('These parts come from separate runs');
    const junit = read('junit.xml');
    expect(junit).toMatch(/<testsuites name="model, e2e" tests="4" failures="1" errors="0" skipped="0"/);
    const cases = junit.split('<testcase ').slice(1);
    expect(cases.find((c) => c.includes('name="login &gt; signs in"'))).not.toContain('<failure');
    expect(cases.find((c) => c.includes('name="login &gt; refuses a wrong code"'))).toContain(
      '<failure message="Error: expected &quot;Wrong code&quot;"',
    );
    expect(cases.filter((c) => c.includes(id))).toHaveLength(2);
    expect(logged.at(-1)).toContain('e2e updated');
  });

  it('adds one path run again by id (-t) beside the full run, which keeps its result, until the next full run', async () => {
    const modelFile = join(root, 'machines/login/login.model.test.tsx');
    await run(
      [
        fakeTestModule('model', modelFile, [
          {
            names: [`screen: ${id} editing → form.submit → submitting`],
            state: 'failed',
            error: 'At step 1',
          },
        ]),
      ],
      new RegExp(id),
    );
    const html = read('index.html');
    const rerun = html.slice(html.indexOf('<section id="rerun"'), html.indexOf('<section id="model"'));
    expect(rerun).toContain(`Paths run again by id (-t ${id})`);
    expect(rerun).toContain(`<tr class="failed" id="${id}" data-outcome="failed">`);
    const full = html.slice(html.indexOf('<section id="model"'));
    expect(full).toContain(`<tr class="passed" id="${id}" data-outcome="passed">`);
    expect(read('junit.xml')).toMatch(/<testsuites name="model -t, model, e2e" tests="5" failures="2"/);

    await run([
      fakeTestModule('model', modelFile, [
        { names: [`machine: ${id} editing → form.submit → submitting`], state: 'passed' },
      ]),
    ]);
    expect(read('index.html')).not.toContain('<section id="rerun"');
  });

  it('leaves the report as it was after a run of none of its projects', async () => {
    const before = read('index.html');
    logged.length = 0;
    await run([
      fakeTestModule('web', join(root, 'ui/x.test.ts'), [{ names: ['x'], state: 'failed', error: 'no' }]),
    ]);
    expect(read('index.html')).toBe(before);
    expect(logged).toEqual([]);
  });
});
