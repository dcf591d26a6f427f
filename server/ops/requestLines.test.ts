/**
 * The request lines and request metrics written in batches (server/ops/requestLines.ts): nothing lost, nothing late
 * past the batch's time, the metrics read at a scrape whole, and the lines in the log's own shape.
 */
import { spawnSync } from 'node:child_process';
import { Histogram, type Metric, Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, replaceLogger } from './logger';
import {
  type Answered,
  FLUSH_AFTER_MS,
  flushRequestLines,
  MAX_PENDING,
  recordAnswer,
  WRITE_MAX,
} from './requestLines';
import { REQUEST_DURATION_BUCKETS, requestMetrics } from './requestMetrics';

let written: string[];
let restore: () => void;
beforeEach(() => {
  written = [];
  restore = replaceLogger(
    createLogger({ level: 'info', destination: { write: (text: string) => void written.push(text) } }),
  );
});
afterEach(() => restore());

const answer = (overrides: Partial<Answered> = {}): Answered => ({
  at: Date.parse('2026-11-27T10:00:00.000Z'),
  requestId: 'd6a1c8f2-0b7e-4b4e-9d55-2f1c8a0e7b11',
  method: 'GET',
  route: '/api/me',
  status: 200,
  seconds: 0.0123,
  quiet: false,
  ...overrides,
});

const lines = () =>
  written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('request lines in batches', () => {
  it('are written together after the batch time, in the log’s shape, the quiet ones left out at info', async () => {
    recordAnswer(answer());
    recordAnswer(answer({ method: 'POST', route: '/api/login', status: 401 }));
    recordAnswer(answer({ route: '/health/ready', quiet: true }));
    expect(written).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS * 4));
    expect(written).toHaveLength(1);
    expect(lines()).toEqual([
      {
        level: 30,
        time: '2026-11-27T10:00:00.000Z',
        pid: process.pid,
        requestId: 'd6a1c8f2-0b7e-4b4e-9d55-2f1c8a0e7b11',
        method: 'GET',
        route: '/api/me',
        status: 200,
        ms: 12.3,
        msg: 'request',
      },
      expect.objectContaining({ method: 'POST', route: '/api/login', status: 401, level: 30 }),
    ]);
  });

  it('carry the time of their answer to the millisecond, as Date writes it, across seconds', () => {
    const times = [
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:00:00.007Z',
      '2026-11-27T10:00:00.042Z',
      '2026-11-27T10:00:00.999Z',
      '2026-11-27T10:00:01.000Z',
      '2026-12-31T23:59:59.120Z',
      '2027-01-01T00:00:00.305Z',
    ];
    for (const time of times) recordAnswer(answer({ at: Date.parse(time) }));
    // A route pattern with characters JSON must escape stays a JSON string.
    recordAnswer(answer({ route: '/api/odd/:id{\\d+}"' }));
    flushRequestLines();
    expect(lines().map((line) => line.time)).toEqual([...times, '2026-11-27T10:00:00.000Z']);
    expect(lines().at(-1)?.route).toBe('/api/odd/:id{\\d+}"');
  });

  it('are written at once when the batch is full', () => {
    for (let index = 0; index < MAX_PENDING; index += 1) recordAnswer(answer({ requestId: `r-${index}` }));
    expect(lines().map((line) => line.requestId)).toEqual(
      Array.from({ length: MAX_PENDING }, (_, index) => `r-${index}`),
    );
  });

  it('go out in writes of whole lines of at most WRITE_MAX bytes, which processes sharing a pipe cannot cut', () => {
    for (let index = 0; index < 100; index += 1) recordAnswer(answer({ requestId: `r-${index}` }));
    flushRequestLines();
    expect(written.length).toBeGreaterThan(1);
    for (const write of written) {
      expect(Buffer.byteLength(write)).toBeLessThanOrEqual(WRITE_MAX);
      expect(write.endsWith('\n')).toBe(true);
    }
    expect(lines().map((line) => line.requestId)).toEqual(
      Array.from({ length: 100 }, (_, index) => `r-${index}`),
    );
  });

  it('go to the log they were answered under when the log is replaced', () => {
    recordAnswer(answer({ requestId: 'before-the-swap' }));
    const other: string[] = [];
    const back = replaceLogger(
      createLogger({ destination: { write: (text: string) => void other.push(text) } }),
    );
    back();
    expect(other).toEqual([]);
    expect(lines().map((line) => line.requestId)).toEqual(['before-the-swap']);
  });

  it('are written when the process exits, as a graceful stop or a crash ends it', () => {
    const script = `
      import { recordAnswer } from './server/ops/requestLines.ts';
      recordAnswer({ at: Date.now(), requestId: 'last-words', method: 'GET', route: '/api/me', status: 200, seconds: 0.001, quiet: false });
      process.exit(0);`;
    const { VITEST: _vitest, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'info' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('"requestId":"last-words"');
  });
});

describe('request metrics', () => {
  it('are read whole at a scrape, pending requests counted first, in prom-client’s own histogram shape', async () => {
    const durations = [0.001, 0.005, 0.0051, 0.3, 12];
    const registry = new Registry();
    const theirs = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [...REQUEST_DURATION_BUCKETS],
      registers: [registry],
    });
    const [counter, histogram] = requestMetrics(flushRequestLines);
    if (!counter || !histogram) throw new Error('two request metrics');
    histogram.reset();
    for (const seconds of durations) {
      recordAnswer(answer({ route: '/api/things/:id', seconds }));
      theirs.observe({ method: 'GET', route: '/api/things/:id', status: '200' }, seconds);
    }
    // The Prometheus text of each, as /metrics writes it.
    const ourRegistry = new Registry();
    ourRegistry.registerMetric(histogram as unknown as Metric);
    expect(await ourRegistry.metrics()).toBe(await registry.metrics());
    expect((await counter.get()).values).toEqual([
      { labels: { method: 'GET', route: '/api/things/:id', status: '200' }, value: durations.length },
    ]);
  });
});
