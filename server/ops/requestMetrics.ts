/**
 * The request metrics, http_requests_total and http_request_duration_seconds, by method, route pattern and status
 * (docs/decisions/operations.md: Operating logs). Counted in plain numbers, a series a key, and shown to prom-client's registry
 * as two metrics of its own shape (what its `get()` answers, which /metrics and the workers' sum read): prom-client's
 * Counter and Histogram hash the label object at every inc and observe, and on a session read those two calls were a
 * tenth of the layer's cost. The requests counted are the histogram's count, so one record serves both.
 */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  labels: { method: string; route: string; status: string };
  /** Answers per bucket: index i counts durations in (bucket i-1, bucket i]; past the last bucket, none. */
  perBucket: number[];
  sum: number;
  count: number;
}

const series = new Map<string, Series>();

/** One answered request (server/ops/requestLines.ts calls it for every request, in batches). */
export const countRequest = (method: string, route: string, status: number, seconds: number): void => {
  const key = `${method} ${status} ${route}`;
  let counted = series.get(key);
  if (!counted) {
    counted = {
      labels: { method, route, status: String(status) },
      perBucket: REQUEST_DURATION_BUCKETS.map(() => 0),
      sum: 0,
      count: 0,
    };
    series.set(key, counted);
  }
  counted.sum += seconds;
  counted.count += 1;
  for (let bucket = 0; bucket < REQUEST_DURATION_BUCKETS.length; bucket += 1)
    if (seconds <= (REQUEST_DURATION_BUCKETS[bucket] as number)) {
      counted.perBucket[bucket] = (counted.perBucket[bucket] as number) + 1;
      break;
    }
};

/** A value as prom-client's registry reads it: a histogram's bucket, sum and count are named by `metricName`. */
interface Value {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}
type Values = Value[];

const histogramValues = (name: string): Values =>
  [...series.values()].flatMap(({ labels, perBucket, sum, count }) => {
    let below = 0;
    const buckets: Values = REQUEST_DURATION_BUCKETS.map((le, index) => {
      below += perBucket[index] as number;
      return { labels: { le, ...labels }, value: below, metricName: `${name}_bucket` };
    });
    return [
      ...buckets,
      { labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` },
      { labels, value: sum, metricName: `${name}_sum` },
      { labels, value: count, metricName: `${name}_count` },
    ];
  });

/** What prom-client's registry reads: a metric's name, help, type, its values at each scrape, its cluster sum. */
export interface RegistryMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: Values }>;
  reset(): void;
}

/** The two request metrics, read at each scrape after `before` (the pending requests counted first). */
export const requestMetrics = (before: () => void): RegistryMetric[] => {
  const metric = (
    name: string,
    help: string,
    type: RegistryMetric['type'],
    values: () => Values,
  ): RegistryMetric => ({
    name,
    help,
    type,
    aggregator: 'sum',
    async get() {
      before();
      return { name, help, type, aggregator: 'sum', values: values() };
    },
    reset: () => series.clear(),
  });
  return [
    metric('http_requests_total', 'Requests answered, by method, route pattern and status', 'counter', () =>
      [...series.values()].map(({ labels, count }) => ({ labels, value: count })),
    ),
    metric(
      'http_request_duration_seconds',
      'Time to answer a request, by method, route pattern and status',
      'histogram',
      () => histogramValues('http_request_duration_seconds'),
    ),
  ];
};
