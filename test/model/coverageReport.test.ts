import { describe, expect, it } from 'vitest';
import type { CoverageRecord } from './coverage';
import { coverageReport } from './coverageReport';

const record = (machine: string, covered: string[], paths: CoverageRecord['paths'] = []): CoverageRecord => ({
  machine,
  testFile: `/repo/machines/${machine}.model.test.tsx`,
  states: { all: { 'm.a': 'a', 'm.b': 'b' }, covered },
  transitions: {
    all: { 'm.a::go::0': 'a → b on go' },
    covered: covered.includes('m.b') ? ['m.a::go::0'] : [],
  },
  paths,
});

const walk = { id: '0123456789', description: '0123456789 a → go → b', events: ['go'] };
const options = { ranAt: new Date('2026-11-23T10:00:00Z'), relativePath: (file: string) => file.slice(6) };

describe('coverage report (docs/coverage/model.json)', () => {
  it('merges the records of one machine: counts, paths once, test files relative', () => {
    const report = coverageReport([record('one', ['m.a'], [walk]), record('one', ['m.b'], [walk])], options);
    expect(report).toEqual({
      ranAt: '2026-11-23T10:00:00.000Z',
      machines: [
        {
          machine: 'one',
          states: { covered: 2, total: 2, missing: [] },
          transitions: { covered: 1, total: 1, missing: [] },
          paths: [walk],
          testFiles: ['machines/one.model.test.tsx'],
        },
      ],
    });
  });

  it('names what no path covered: state paths, transition keys with their labels', () => {
    const [two] = coverageReport([record('two', ['m.a'])], options).machines;
    expect(two?.states).toEqual({ covered: 1, total: 2, missing: ['b'] });
    expect(two?.transitions).toEqual({
      covered: 0,
      total: 1,
      missing: [{ key: 'm.a::go::0', label: 'a → b on go' }],
    });
  });
});
