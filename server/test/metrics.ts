/** What a test reads of the server's metrics (server/ops/metrics.ts), in the process's one registry. */
import { registry } from '../ops/metrics';

/**
 * A metric's value for the labels given (others are not compared), 0 when it has no such series yet. A
 * histogram's series are read by their own names: `<name>_count`, `<name>_sum`, `<name>_bucket`.
 */
export const metricValue = async (name: string, labels: Record<string, string> = {}): Promise<number> => {
  const family = name.replace(/_(count|sum|bucket)$/, '');
  const metric = (await registry.getMetricsAsJSON()).find(
    (entry) => entry.name === name || entry.name === family,
  );
  const value = metric?.values.find(
    (entry) =>
      ('metricName' in entry && entry.metricName !== undefined ? entry.metricName === name : true) &&
      Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted),
  );
  return value?.value ?? 0;
};
