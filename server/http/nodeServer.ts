/**
 * The Node HTTP server under the app (server/main.ts), with time-outs: a connection that never finishes its headers
 * or its body is closed (408) instead of held open for ever (docs/decisions.md: Server time-outs).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface ServerTimeouts {
  /** All headers of a request must arrive within this (slow-loris: headers sent a byte at a time). */
  headersMs: number;
  /** The whole request, body included: the largest upload (10 MB) on a slow uplink fits. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node looks for connections past their time-out (its default, 30 s, would add up to 30 s to each). */
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

type Fetch = Parameters<typeof serve>[0]['fetch'];

/**
 * Serves `fetch` on `port` (0: any free one) and `hostname` (undefined: every interface) with the time-outs; the
 * http.Server, for close().
 */
export const listen = (
  fetch: Fetch,
  { port, hostname }: { port: number; hostname?: string | undefined },
  onListening?: (info: AddressInfo) => void,
  timeouts: ServerTimeouts = SERVER_TIMEOUTS,
): Server => {
  const server = serve(
    {
      fetch,
      port,
      ...(hostname ? { hostname } : {}),
      serverOptions: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: timeouts.checkEveryMs,
      },
    },
    onListening,
  ) as Server;
  // The same again on the server object: older Node versions read some of them only from there.
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
};
