import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathFiles, pathRun } from './testPath';

const root = mkdtempSync(join(tmpdir(), 'test-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, value: unknown) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), JSON.stringify(value));
};

describe('one model path again by its id', () => {
  it('finds its test file in the last run’s report, else in the committed coverage report', () => {
    write('test-results/model-report/results/model.json', {
      format: 2,
      kind: 'model',
      report: { paths: [{ id: 'aaaaaaaaaa', testFile: 'machines/login/login.model.test.tsx' }] },
    });
    write('docs/coverage/model.json', {
      machines: [
        {
          machine: 'login',
          testFiles: [
            'machines/login/login.boundaries.model.test.tsx',
            'machines/login/login.model.test.tsx',
          ],
          paths: [{ id: 'aaaaaaaaaa' }, { id: 'bbbbbbbbbb' }],
        },
      ],
    });
    const known = pathFiles(root);
    expect(known.get('aaaaaaaaaa')).toEqual(['machines/login/login.model.test.tsx']);
    expect(known.get('bbbbbbbbbb')).toEqual([
      'machines/login/login.boundaries.model.test.tsx',
      'machines/login/login.model.test.tsx',
    ]);
    expect(pathRun(['aaaaaaaaaa', 'bbbbbbbbbb'], known)).toEqual({
      args: [
        'vitest',
        'run',
        '--project',
        'model',
        'machines/login/login.boundaries.model.test.tsx',
        'machines/login/login.model.test.tsx',
        '-t',
        'aaaaaaaaaa|bbbbbbbbbb',
      ],
    });
  });

  it('refuses an id no run knows, or a pattern that is not an id, instead of loading every file', () => {
    const known = pathFiles(root);
    expect(pathRun(['cccccccccc'], known)).toEqual({ unknown: ['cccccccccc'] });
    expect(pathRun(['.*'], known)).toEqual({ unknown: ['.*'] });
    expect(pathRun([], known)).toEqual({ unknown: [] });
  });
});
