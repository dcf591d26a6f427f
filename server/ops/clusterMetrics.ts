/**
 * The whole server's metrics with WORKERS=n (node:cluster): a scrape lands on one worker, which asks the primary;
 * the primary collects every worker's registry over IPC (prom-client's AggregatorRegistry: counters and histograms
 * summed, the pool gauge taken once) and answers. One process (or PGlite): its own registry.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { registry } from './metrics';

const ASK = 'account-site:metrics?';
const ANSWER = 'account-site:metrics!';
/** A scrape waits this long for the primary (which waits on every worker; prom-client's own limit is 5 s). */
const ASK_TIMEOUT_MS = 6_000;

interface MetricsMessage {
  type: string;
  id: string;
  text?: string;
  error?: string;
}

const isMessage = (value: unknown): value is MetricsMessage =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * In a worker, from its first import: answer the primary's collections from this registry. prom-client reads its
 * global registry unless told, and listens only once an AggregatorRegistry has been made; every worker must be
 * listening before any of them is scraped.
 */
const answerCollections = (): AggregatorRegistry<typeof registry.contentType> => {
  AggregatorRegistry.setRegistries([registry]);
  return new AggregatorRegistry();
};
if (cluster.isWorker) answerCollections();

/** In the primary: answers workers' requests for the sum of all workers' metrics. */
export const serveClusterMetrics = (): void => {
  // Made before any worker asks: it registers the primary's side of prom-client's own IPC.
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message) || message.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) }),
    );
  });
};

/** The metrics text and its content type: the cluster's in a worker, else this process's. */
export const currentMetrics = async (): Promise<{ text: string; contentType: string }> => {
  if (!cluster.isWorker || !process.send)
    return { text: await registry.metrics(), contentType: registry.contentType };
  const id = randomUUID();
  const text = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics'));
    }, ASK_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (!isMessage(message) || message.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics'));
    };
    process.on('message', onMessage);
    process.send?.({ type: ASK, id });
  });
  return { text, contentType: registry.contentType };
};
