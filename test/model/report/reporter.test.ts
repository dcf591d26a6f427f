import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { TestCase, TestModule, Vitest } from 'vitest/node';
import { loginMachine } from '../../../machines/login/login.machine';
import type { CoverageRecord } from '../coverage';
import { pathId } from '../pathId';
import { fakeTestModule } from './fakeReporterApi';
import type { TestModuleLike } from './journeyReport';
import TesterReporter, { chromiumOf, REPORT_DIR } from './reporter';
import type { TestCaseLike } from './runReport';

/**
 * The reporter class as vitest drives it (onInit, then onTestRunEnd with the run's test modules) on a throwaway
 * root: a model run, then an e2e run as `npm test` makes them (two vitest runs), must leave both in the report.
 */
const root = mkdtempSync(join(tmpdir(), 'tester-reporter-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// The login machine and its agreed flow, as committed: the report holds the one to the other.
mkdirSync(join(root, 'docs/flows'), { recursive: true });
const agreedLogin = join(root, 'docs/flows/login.md');
copyFileSync('docs/flows/login.md', agreedLogin);

const logged: string[] = [];
const vitestOf = (testNamePattern?: RegExp) => ({
  config: { root, testNamePattern },
  logger: { log: (message: string) => logged.push(message) },
});

async function run(modules: TestModuleLike[], testNamePattern?: RegExp) {
  const reporter = new TesterReporter({ registry: { login: loginMachine } });
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

/** One section of the page, by its id. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start));
}

const modelRun = (state: 'passed' | 'failed') =>
  fakeTestModule('model', join(root, 'machines/login/login.model.test.tsx'), [
    { names: [`machine: ${id} editing → form.submit → submitting`], state },
  ]);

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
    const agreed = section(read('index.html'), 'agreed-flows');
    expect(agreed).toContain('<h2>Changes against the agreed flows</h2>');
    expect(agreed).toContain('none; every machine follows its agreed flow.');
    expect(agreed).toContain('<tr data-flow="login"><td>login</td><td>none</td></tr>');
    expect(read('junit.xml')).toContain(
      '<testcase classname="agreed flows" name="login" time="0.000"></testcase>',
    );
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
    expect(junit).toMatch(
      /<testsuites name="model, e2e, flows" tests="5" failures="1" errors="0" skipped="0"/,
    );
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
    expect(read('junit.xml')).toMatch(
      /<testsuites name="model -t, model, e2e, flows" tests="6" failures="2"/,
    );

    await run([
      fakeTestModule('model', modelFile, [
        { names: [`machine: ${id} editing → form.submit → submitting`], state: 'passed' },
      ]),
    ]);
    expect(read('index.html')).not.toContain('<section id="rerun"');
  });

  it('shows a transition the machine changed against its agreed flow, though every path passed', async () => {
    const committed = readFileSync(agreedLogin, 'utf8');
    const row = '| `editingPassword` | form.submit [isPasswordFormValid] | `submittingPassword` |';
    expect(committed).toContain(row);
    // The machine now differs from the flow the product owner agreed (here the document says another target).
    writeFileSync(agreedLogin, committed.replace(row, row.replace('submittingPassword', 'enteringCode')));
    await run([modelRun('passed')]);
    const agreed = section(read('index.html'), 'agreed-flows');
    expect(agreed).toContain('<strong class="failed">1 flow(s) differ.</strong>');
    expect(read('index.html')).toMatch(/<title>Test report [^<]*: 1 failed, 1 flow\(s\) changed<\/title>/);
    expect(agreed).toContain(
      '<tr class="changed" data-flow="login"><td>login <small>(changed)</small></td><td><p>Changed:</p><ul data-change="changed"><li>event form.submit [isPasswordFormValid] from state editingPassword now goes to submittingPassword, agreed enteringCode</li></ul></td></tr>',
    );
    const junit = read('junit.xml');
    expect(junit).toContain(
      '<testcase classname="agreed flows" name="login" time="0.000"><failure message="login differs from its agreed flow (docs/flows/login.md): 0 added, 0 removed, 1 changed">login: event form.submit [isPasswordFormValid] from state editingPassword now goes to submittingPassword, agreed enteringCode</failure></testcase>',
    );
    expect(junit).toMatch(/<testsuites name="model, e2e, flows" tests="4" failures="2"/);
    writeFileSync(agreedLogin, committed);
  });

  it('adds what the agreed flows changed since the release REPORT_SINCE names', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root });
    git('init', '-q');
    git('add', 'docs/flows');
    git('commit', '-q', '-m', 'release');
    git('tag', 'v1');
    const committed = readFileSync(agreedLogin, 'utf8');
    writeFileSync(
      agreedLogin,
      committed.replace('| `editingPassword` | atomic, initial |', '| `welcome` | atomic | words |\n$&'),
    );
    vi.stubEnv('REPORT_SINCE', 'v1');
    try {
      await run([modelRun('passed')]);
      const since = section(read('index.html'), 'since-release');
      expect(since).toContain('<h2>Since the last release (v1)</h2>');
      expect(since).toContain('<ul data-change="added"><li>state welcome (atomic) is new</li></ul>');
      expect(read('junit.xml')).toContain(
        '<testcase classname="since v1" name="login (changed)" time="0.000"><system-out>login: state welcome (atomic) is new</system-out></testcase>',
      );
      vi.stubEnv('REPORT_SINCE', 'v9');
      await run([modelRun('passed')]);
      expect(section(read('index.html'), 'since-release')).toContain(
        'Could not read the agreed flows of <code>v9</code>: v9 is not a commit, tag or branch of this repository',
      );
      expect(read('junit.xml')).toMatch(/<testsuites [^>]* errors="1"/);
    } finally {
      vi.unstubAllEnvs();
      writeFileSync(agreedLogin, committed);
    }
  });

  it('names the Chromium the journeys ran by its own word, not the one Playwright would download', () => {
    expect(
      chromiumOf('/usr/bin/chromium', () => 'Chromium 156.0.8078.108 built on Debian GNU/Linux 12\n'),
    ).toBe('Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (/usr/bin/chromium)');
    expect(chromiumOf(join(root, 'no-chromium'))).toBe(
      `Chromium at ${join(root, 'no-chromium')} (did not say its version)`,
    );
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
