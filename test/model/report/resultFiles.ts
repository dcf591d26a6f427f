/**
 * The report's parts as files, one per vitest project (test-results/model-report/results/<project>.json): a run
 * replaces the parts of the projects it ran and leaves the others, so `npm test` (one vitest run per project) and a
 * later `npx vitest run --project e2e` add the journeys beside the model paths of an earlier model run. The page
 * and the JUnit XML are then drawn from every part present, each with its own commit and time. A model run filtered
 * by `-t` is a part of its own (model-filtered.json): running one path again adds its result beside the last full
 * run's instead of replacing it; the next full model run removes it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowsReport } from './flowsReport';
import type { History } from './history';
import { isJourneyProject, type JourneyRunReport } from './journeyReport';
import type { ModelRunReport } from './runReport';

/** Bumped when a part's shape changes: a part written in another shape is left out, not misread. */
const FORMAT = 2;

export type ReportPart =
  | { kind: 'model'; report: ModelRunReport }
  | { kind: 'journeys'; report: JourneyRunReport };

/** Everything the report shows: the model paths and the journeys of each project, whichever runs wrote them. */
export interface TesterReport {
  /** The last model run not filtered by `-t` (every path of the files it ran). */
  model: ModelRunReport | undefined;
  /** The last model run filtered by `-t`, since that full run: paths run again by id. */
  rerun: ModelRunReport | undefined;
  journeys: JourneyRunReport[];
  /** Each path's and journey's last results across runs (history.ts), for the flaky marks. */
  history?: History;
  /** The machines against their agreed flows, and the agreed flows since a release (flowsReport.ts). */
  flows?: FlowsReport;
}

const FILTERED = 'model-filtered.json';

const fileName = (part: ReportPart) =>
  part.kind === 'journeys' ? `${part.report.project}.json` : part.report.filter ? FILTERED : 'model.json';

export function writePart(dir: string, part: ReportPart): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, fileName(part)), JSON.stringify({ format: FORMAT, ...part }));
  // A full model run judges every path again: a path run by id before it is no longer news.
  if (part.kind === 'model' && !part.report.filter) rmSync(join(dir, FILTERED), { force: true });
}

function readPart(file: string): ReportPart | undefined {
  try {
    const { format, ...part } = JSON.parse(readFileSync(file, 'utf8')) as ReportPart & { format?: number };
    return format === FORMAT ? part : undefined;
  } catch {
    return undefined;
  }
}

/** The parts present, journeys in a fixed order (e2e before rehearsal), whatever runs wrote them. */
export function readParts(dir: string): TesterReport {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    files = [];
  }
  const parts = files.map((file) => readPart(join(dir, file))).filter((part) => part !== undefined);
  const journeys = parts
    .flatMap((part) =>
      part.kind === 'journeys' && isJourneyProject(part.report.project) ? [part.report] : [],
    )
    .sort((a, b) => a.project.localeCompare(b.project));
  const models = parts.flatMap((part) => (part.kind === 'model' ? [part.report] : []));
  return {
    model: models.find((report) => !report.filter),
    rerun: models.find((report) => report.filter),
    journeys,
  };
}
