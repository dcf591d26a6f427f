/**
 * SIGTERM and SIGINT (server/main.ts): stop taking connections, let the calls in flight finish (at most
 * STOP_GRACE_MS: a stuck call does not hold the stop for ever), then `done` (close the database, exit 0).
 *
 * Kept-alive connections are not cut while idle: a client may be sending its next request on one at that very
 * moment, and it would meet a reset (seen in a rolling restart under load, server/workers.test.ts). Instead every
 * answer from now on says `Connection: close`, and an idle connection ends by its keep-alive time-out, which
 * clients know from the `Keep-Alive` header and end their side of a moment before. So clients open their next
 * connection on a process that is still serving (with WORKERS, the other workers; behind a balancer, the other
 * instances). Node's own `server.close()` closes idle connections at once, so the listener is closed the net way.
 */
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

export const STOP_GRACE_MS = 10_000;

export const stopGracefully = (
  server: Server,
  done: () => Promise<void>,
  graceMs = STOP_GRACE_MS,
): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.prependListener('request', (_request, response) => {
      response.shouldKeepAlive = false;
    });
    NetServer.prototype.close.call(server, () => {
      clearTimeout(timer);
      void done().finally(resolve);
    });
  });
