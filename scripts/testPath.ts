/**
 * `npm run test:path -- <path id> [<path id> …]`: runs model paths again by their ids (test/model/pathId.ts) in
 * the time of their test files alone. `npm run test:model -- -t <id>` has to load every model file to find the
 * tests whose names carry the id (minutes); this looks the id up where the last runs left it (the report's parts
 * in test-results/model-report/results/, then the committed docs/coverage/model.json) and runs
 * `npx vitest run --project model <its files> -t <ids>`, the form the report prints. Its result joins the report
 * beside the full run's, as any `-t` run's does.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PATH_ID = /^[0-9a-f]{10}$/;

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each known path id's test files: from the report's model parts, else from the committed coverage report. */
export function pathFiles(root: string): Map<string, string[]> {
  const files = new Map<string, Set<string>>();
  const add = (id: string, file: string) => files.set(id, (files.get(id) ?? new Set()).add(file));
  for (const part of ['model.json', 'model-filtered.json']) {
    const read = readJson(join(root, 'test-results/model-report/results', part)) as
      | { report?: { paths?: Array<{ id: string; testFile: string }> } }
      | undefined;
    for (const path of read?.report?.paths ?? []) add(path.id, path.testFile);
  }
  const coverage = readJson(join(root, 'docs/coverage/model.json')) as
    | { machines?: Array<{ testFiles?: string[]; paths?: Array<{ id: string }> }> }
    | undefined;
  for (const machine of coverage?.machines ?? [])
    for (const path of machine.paths ?? [])
      if (!files.has(path.id)) for (const file of machine.testFiles ?? []) add(path.id, file);
  return new Map([...files].map(([id, set]) => [id, [...set].sort()]));
}

/** The vitest arguments that run `ids` again, or the ids nobody knows. */
export function pathRun(
  ids: readonly string[],
  known: ReadonlyMap<string, string[]>,
): { args: string[] } | { unknown: string[] } {
  const unknown = ids.filter((id) => !PATH_ID.test(id) || !known.has(id));
  if (unknown.length || !ids.length) return { unknown };
  const files = [...new Set(ids.flatMap((id) => known.get(id) ?? []))].sort();
  return { args: ['vitest', 'run', '--project', 'model', ...files, '-t', ids.join('|')] };
}

function main(ids: string[]) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const run = pathRun(ids, pathFiles(root));
  if ('unknown' in run) {
    console.error(
      ids.length
        ? `No test file known for ${run.unknown.join(', ')}: a path id is the 10 hexadecimal digits a report row or docs/coverage/model.json shows. ` +
            'A path new since the last model run is found by `npm run test:model -- -t <id>` (every file is loaded).'
        : 'Usage: npm run test:path -- <path id> [<path id> …]',
    );
    process.exit(2);
  }
  console.log(`npx ${run.args.join(' ')}`);
  const result = spawnSync('npx', run.args, { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
