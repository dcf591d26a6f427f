/**
 * The operator's endpoints, outside /api (README 'Operating it'): the health probes, and GET /metrics in the
 * Prometheus text format. /metrics is open in demo mode; in production it answers 404 unless METRICS_TOKEN is set,
 * and then only to `Authorization: Bearer <METRICS_TOKEN>` (docs/decisions/operations.md: Metrics in production).
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { currentMetrics } from './clusterMetrics';
import { healthRoutes } from './health';

export const METRICS_PATH = '/metrics';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Who may read the metrics: anyone in demo mode; in production only the token's holder, and no one without one. */
export const metricsAccess = (
  config: Pick<ServerConfig, 'production' | 'metricsToken'>,
  authorization: string | undefined,
): 'open' | 'granted' | 'refused' | 'off' => {
  if (!config.metricsToken) return config.production ? 'off' : 'open';
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  return sameSecret(given, config.metricsToken) ? 'granted' : 'refused';
};

export const opsRoutes = (db: Database, config: Pick<ServerConfig, 'production' | 'metricsToken'>) =>
  new Hono().route('/', healthRoutes(db)).get(METRICS_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const access = metricsAccess(config, c.req.header('authorization'));
    if (access === 'off') return c.text('Not found', 404);
    if (access === 'refused') {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ code: 'unauthorized_error', message: 'metrics need the bearer token' }, 401);
    }
    const { text, contentType } = await currentMetrics();
    return c.body(text, 200, { 'Content-Type': contentType });
  });
