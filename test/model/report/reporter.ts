/**
 * Vitest reporter (vitest.config.ts) that writes the tester's report to test-results/model-report/: index.html
 * (renderHtml.ts) and junit.xml (renderJunit.ts). Each run writes the parts of the projects it ran (the model
 * paths; the journeys of `e2e` and `rehearsal`) to results/<project>.json (resultFiles.ts), then draws both files
 * from every part present, so journeys run later join model paths run earlier. A run of none of these projects
 * writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, loadavg, release, type } from 'node:os';
import { relative, resolve } from 'node:path';
import type { Reporter } from 'vitest/node';
import type { AnyStateMachine } from 'xstate';
import { CHROMIUM_PATH } from '../../e2e/chromiumPath';
import { readRecords } from '../coverage';
import { buildFlowsReport } from './flowsReport';
import { recordHistory } from './history';
import { buildJourneyReport, JOURNEY_PROJECTS, type TestModuleLike } from './journeyReport';
import { renderHtml } from './renderHtml';
import { renderJunit } from './renderJunit';
import { type ReportPart, readParts, writePart } from './resultFiles';
import { buildRunReport, coverageGaps, type RunEnvironment, type RunLabel } from './runReport';

export const REPORT_DIR = 'test-results/model-report';

/**
 * The origin the report's /flows links open: REPORT_SITE_URL (a shared demo the report's readers reach), else the
 * site as `npm start` serves it with this environment (SITE_URL, else localhost on PORT: server/config.ts siteUrl).
 */
export function reportSite(env: NodeJS.ProcessEnv): string {
  const site = env.REPORT_SITE_URL || env.SITE_URL || `http://localhost:${env.PORT ?? 3000}`;
  return site.replace(/\/+$/, '');
}

function packageVersion(root: string, file: string, pick: (json: never) => string | undefined): string {
  try {
    return pick(JSON.parse(readFileSync(resolve(root, 'node_modules', file), 'utf8')) as never) ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The Chromium the journeys ran (test/e2e/chromiumPath.ts), as it names itself ('Chromium 156.0.8078.108 built on
 * Debian …'); not the one Playwright would download, which this machine does not run. `version` is for tests.
 */
export function chromiumOf(
  path: string,
  version: (path: string) => string = (executable) =>
    execFileSync(executable, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
): string {
  try {
    return `${version(path).trim()} (${path})`;
  } catch {
    return `Chromium at ${path} (did not say its version)`;
  }
}

/** Node, OS, cores and load, and what drew the screens and held the data for this project's tests. */
export function environmentOf(project: string, root: string, env: NodeJS.ProcessEnv): RunEnvironment {
  const happyDom = packageVersion(
    root,
    'happy-dom/package.json',
    (json: { version?: string }) => json.version,
  );
  return {
    node: process.version,
    os: `${type()} ${release()} ${arch()}`,
    cpus: availableParallelism(),
    load: loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
    browser: project === 'model' ? `happy-dom ${happyDom}` : chromiumOf(CHROMIUM_PATH),
    database:
      project === 'model'
        ? 'none (every call is a fake)'
        : project === 'rehearsal'
          ? 'Postgres (a throwaway cluster)'
          : env.DATABASE_URL
            ? 'Postgres (DATABASE_URL)'
            : 'PGlite (embedded, the server default)',
  };
}

/** The commit the run judged, marked when the work tree had changes (then the report is not that commit's). */
function currentCommit(root: string): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain').length ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown (no git)';
  }
}

/** The part of vitest's Vitest object the reporter reads (the real one is given by vitest; tests give this much). */
interface VitestLike {
  config: { root: string; testNamePattern?: RegExp | undefined };
  logger: { log(message: string): void };
}

type Registry = Readonly<Record<string, AnyStateMachine>>;

export default class TesterReporter implements Reporter {
  private vitest: VitestLike | undefined;

  /** `registry`: the machines the report holds to docs/flows; machines/registry.ts unless a test gives others. */
  constructor(private readonly options: { registry?: Registry } = {}) {}

  /** Loaded only when a report is written: the registry imports every machine. */
  private async registry(): Promise<Registry> {
    return this.options.registry ?? (await import('../../../machines/registry')).machines;
  }

  onInit(vitest: VitestLike) {
    this.vitest = vitest;
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModuleLike>) {
    const vitest = this.vitest;
    if (!vitest) return;
    const root = vitest.config.root;
    const ran = (project: string) => testModules.filter((module) => module.project.name === project);
    const label = (project: string): RunLabel => ({
      commit: currentCommit(root),
      ranAt: new Date().toISOString(),
      filter: vitest.config.testNamePattern?.source,
      environment: environmentOf(project, root, process.env),
    });
    const relativePath = (file: string) => relative(root, file);
    const parts: ReportPart[] = [];
    const model = ran('model');
    if (model.length) {
      const records = readRecords(resolve(root, 'test-results/model-coverage'));
      const machines = await this.registry();
      const modelLabel = label('model');
      parts.push({
        kind: 'model',
        report: buildRunReport(
          model.flatMap((module) => [...module.children.allTests()]),
          records,
          {
            ...modelLabel,
            ranAt: new Date(modelLabel.ranAt),
            relativePath,
            site: reportSite(process.env),
            flows: Object.keys(machines),
            coverage: coverageGaps(records, Object.keys(machines)),
          },
        ),
      });
    }
    for (const project of Object.keys(JOURNEY_PROJECTS) as Array<keyof typeof JOURNEY_PROJECTS>)
      if (ran(project).length)
        parts.push({
          kind: 'journeys',
          report: buildJourneyReport(project, ran(project), { ...label(project), relativePath }),
        });
    if (!parts.length) return;

    const dir = resolve(root, REPORT_DIR);
    for (const part of parts) writePart(resolve(dir, 'results'), part);
    const history = recordHistory(resolve(dir, 'history.json'), parts);
    // The agreed flows as the work tree has them now, whichever project ran (REPORT_SINCE adds a release's).
    const flows = buildFlowsReport(root, await this.registry(), {
      commit: currentCommit(root),
      comparedAt: new Date().toISOString(),
      since: process.env.REPORT_SINCE || undefined,
    });
    const report = { ...readParts(resolve(dir, 'results')), history, flows };
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, 'index.html'), renderHtml(report));
    writeFileSync(resolve(dir, 'junit.xml'), renderJunit(report));
    vitest.logger.log(
      `Test report (${parts.map((part) => (part.kind === 'model' ? 'model' : part.report.project)).join(', ')} updated): ${REPORT_DIR}/index.html, ${REPORT_DIR}/junit.xml`,
    );
  }
}
