/**
 * The Node HTTP server under the app (server/main.ts), with time-outs: a connection that never finishes its headers
 * or its body is closed (408) instead of held open for ever (docs/decisions/operations.md: Server time-outs).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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
  /** Told true when the server's first connection opens and false when its last one closed (server/main.ts). */
  onConnected?: (connected: boolean) => void,
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
  boundFirstHeaders(server, timeouts.headersMs);
  checkWhileConnected(server, timeouts.checkEveryMs, onConnected);
  return server;
};

/** Node's own name for the interval of its check for late connections (node:_http_server, Node 18 to 24). */
const CHECK_INTERVAL = 'http.server.connectionsCheckingInterval';

/**
 * Node looks for late connections every checkEveryMs from the listen on, with connections or without: an idle process
 * woke for it every second (docs/benchmarks.md: The production process). Here the check runs only while the server
 * has a connection: once listening, Node's interval is stopped and its check (the interval's callback) is run by an
 * interval of ours that exists from the first connection to the last one's close. Should a Node version keep its
 * interval otherwise, its own stays and the check runs as before, every second. `onConnected` is told of the same
 * moments (the event loop's sampler follows them: server/ops/metrics.ts).
 */
const checkWhileConnected = (
  server: Server,
  everyMs: number,
  onConnected: ((connected: boolean) => void) | undefined,
): void => {
  let open = 0;
  let check: (() => void) | undefined;
  let checking: NodeJS.Timeout | undefined;
  // After Node's own 'listening' listener (registered when the server was made), which starts its interval.
  server.once('listening', () => {
    const held = server as unknown as Record<symbol, unknown>;
    const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === CHECK_INTERVAL);
    const nodeInterval = key === undefined ? undefined : (held[key] as { _onTimeout?: unknown } | undefined);
    if (typeof nodeInterval?._onTimeout !== 'function') return;
    check = nodeInterval._onTimeout as () => void;
    clearInterval(nodeInterval as NodeJS.Timeout);
    if (open > 0) checking = setInterval(check, everyMs).unref();
  });
  server.on('connection', (socket: Socket) => {
    open += 1;
    if (open === 1) {
      if (check) checking = setInterval(check, everyMs).unref();
      onConnected?.(true);
    }
    socket.once('close', () => {
      open -= 1;
      if (open > 0) return;
      clearInterval(checking);
      checking = undefined;
      onConnected?.(false);
    });
  });
};

/** What Node itself writes when a request's headers or body time out. */
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * Node counts the header time-out from a request's first byte and looks for late connections only at each check, so
 * a connection that waits before its first byte lived up to the wait + headersMs + one check (a first byte at 9 s
 * held it 20 s). Here a connection's first request must have all its headers within headersMs of the connection
 * itself, by a timer of its own (no check interval to wait for): else it is answered 408 and closed, as Node does.
 * A kept-alive connection's later requests keep Node's bound (from their first byte, + one check), and the idle time
 * before them is bounded by the keep-alive time-out.
 */
const boundFirstHeaders = (server: Server, headersMs: number): void => {
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (socket.destroyed) return;
      // As Node answers its own time-outs (the 408 only where nothing was written yet, then the socket is gone).
      if (socket.writable && socket.bytesWritten === 0) socket.write(REQUEST_TIMEOUT_ANSWER);
      socket.destroy();
    }, headersMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  // Before the app's listener: the headers are complete once Node emits the request. (No listener for
  // 'checkContinue' or 'upgrade': one would take those requests over from Node, which answers them as requests.)
  server.prependListener('request', (request: IncomingMessage) => {
    const timer = waiting.get(request.socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    waiting.delete(request.socket);
  });
};
