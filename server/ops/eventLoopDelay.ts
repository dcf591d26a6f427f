/**
 * The event loop's delay as prom-client names it (nodejs_eventloop_lag_min_seconds ... _p99_seconds), sampled once a
 * second only while the HTTP server has a connection (server/http/nodeServer.ts tells when): a sampler that never
 * stops woke an idle process every second, and a delay with nobody connected delays nobody
 * (docs/decisions/operations.md: Compiled server). prom-client's own sampler cannot be left out of its default
 * metrics: it is given a period of about 24 days, and its gauges of these names are replaced by these.
 * nodejs_eventloop_lag_seconds stays prom-client's (measured at each scrape, no timer).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/** The period of the samples while connected: the delay a sample sees is still how late the loop was. */
const SAMPLE_MS = 1000;

/** The period given to prom-client's own sampler: the longest a Node timer takes (2^31 - 1 ms, about 24.8 days). */
export const INERT_SAMPLE_MS = 2 ** 31 - 1;

type Histogram = ReturnType<typeof monitorEventLoopDelay>;

/** Name, help, how WORKERS' values combine (as prom-client's), the value in nanoseconds. */
const GAUGES: [string, string, 'min' | 'max' | 'average', (histogram: Histogram) => number][] = [
  ['nodejs_eventloop_lag_min_seconds', 'The minimum recorded event loop delay.', 'min', (h) => h.min],
  ['nodejs_eventloop_lag_max_seconds', 'The maximum recorded event loop delay.', 'max', (h) => h.max],
  [
    'nodejs_eventloop_lag_mean_seconds',
    'The mean of the recorded event loop delays.',
    'average',
    (h) => h.mean,
  ],
  [
    'nodejs_eventloop_lag_stddev_seconds',
    'The standard deviation of the recorded event loop delays.',
    'average',
    (h) => h.stddev,
  ],
  [
    'nodejs_eventloop_lag_p50_seconds',
    'The 50th percentile of the recorded event loop delays.',
    'average',
    (h) => h.percentile(50),
  ],
  [
    'nodejs_eventloop_lag_p90_seconds',
    'The 90th percentile of the recorded event loop delays.',
    'average',
    (h) => h.percentile(90),
  ],
  [
    'nodejs_eventloop_lag_p99_seconds',
    'The 99th percentile of the recorded event loop delays.',
    'average',
    (h) => h.percentile(99),
  ],
];

/**
 * Registers the delay's gauges in `registry` (after prom-client's default metrics, whose gauges of these names it
 * replaces); answers the switch of its sampling. Each scrape reads the samples since the last one, as prom-client's.
 */
export const eventLoopDelay = (registry: Registry): ((sampling: boolean) => void) => {
  const histogram = monitorEventLoopDelay({ resolution: SAMPLE_MS });
  // The first gauge's collect sets them all from the same samples, then starts the next period.
  const collect = () => {
    GAUGES.forEach(([, , , read], index) => {
      gauges[index]?.set(read(histogram) / 1e9);
    });
    histogram.reset();
  };
  const gauges = GAUGES.map(([name, help, aggregator], index) => {
    registry.removeSingleMetric(name);
    return new Gauge({ name, help, registers: [registry], aggregator, ...(index === 0 ? { collect } : {}) });
  });
  return (sampling) => {
    if (sampling) histogram.enable();
    else histogram.disable();
  };
};
