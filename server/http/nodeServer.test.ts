/**
 * The time-outs of the Node server (docs/security.md: Input): a raw socket that sends half a request is closed within
 * the bound, with the real header time-out and a short request time-out (the real one is a minute).
 */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen, SERVER_TIMEOUTS, type ServerTimeouts } from './nodeServer';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

const start = (timeouts: ServerTimeouts = SERVER_TIMEOUTS) =>
  new Promise<number>((resolve) => {
    // Reads the whole body before answering, as the app's handlers do.
    server = listen(
      async (request: Request) => new Response(`ok${await request.text()}`),
      { port: 0 },
      (info) => resolve(info.port),
      timeouts,
    );
  });

/**
 * Opens a connection, sends `text` after `waitMs` (and `then.text` `then.afterMs` later) and never more; answers how
 * long until the server closed it, from the connection's opening, and what it said.
 */
const halfRequest = (
  port: number,
  text: string,
  giveUpMs: number,
  waitMs = 0,
  then?: { afterMs: number; text: string },
) =>
  new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    const send = (what: string) => {
      if (what !== '' && !socket.destroyed) socket.write(what);
    };
    const socket = connect(port, '127.0.0.1', () => {
      setTimeout(() => send(text), waitMs);
      if (then) setTimeout(() => send(then.text), waitMs + then.afterMs);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {}); // a reset counts as closed, as does an end
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms`));
    }, giveUpMs);
  });

describe('the Node server time-outs', () => {
  it('answers a whole request (the time-outs do not get in the way)', async () => {
    const port = await start();
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('ok');
  });

  it(`closes a connection whose first headers never end within ${SERVER_TIMEOUTS.headersMs / 1000} s of its opening, however it waits`, async () => {
    const port = await start();
    const { headersMs } = SERVER_TIMEOUTS;
    const giveUp = headersMs + 10_000;
    // Node's own bound counts from the first byte and acts at its next check: a connection that waited 4 s before
    // it was held 15 s. All three at once (each takes the whole bound).
    const [silent, half, late] = await Promise.all([
      halfRequest(port, '', giveUp),
      halfRequest(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', giveUp),
      halfRequest(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', giveUp, 4_000),
    ]);
    for (const { closedAfterMs, answer } of [silent, half, late]) {
      expect(closedAfterMs).toBeGreaterThanOrEqual(headersMs - 500);
      // The promised + 1 s leaves room for a busy machine's late timer (here about 20 ms).
      expect(closedAfterMs).toBeLessThanOrEqual(headersMs + 1_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    }
  }, 30_000);

  it('bounds a kept-alive connection’s next headers by the header time-out from their first byte (+ one check)', async () => {
    const timeouts = { ...SERVER_TIMEOUTS, headersMs: 1_500, keepAliveMs: 3_000, checkEveryMs: 250 };
    const port = await start(timeouts);
    // A whole request answered at once, then half of the next one a second later.
    const { closedAfterMs, answer } = await halfRequest(
      port,
      'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n',
      10_000,
      0,
      { afterMs: 1_000, text: 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeLessThanOrEqual(1_000 + timeouts.headersMs + timeouts.checkEveryMs + 500);
  }, 20_000);

  it('closes a connection whose body never ends within the request time-out', async () => {
    const timeouts = { ...SERVER_TIMEOUTS, headersMs: 1_000, requestMs: 2_000, checkEveryMs: 250 };
    const port = await start(timeouts);
    const { closedAfterMs, answer } = await halfRequest(
      port,
      'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      10_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 500);
    expect(closedAfterMs).toBeLessThanOrEqual(timeouts.requestMs + timeouts.checkEveryMs + 1_500);
  }, 20_000);

  it('looks for late connections only while one is open, and says when the first opened and the last closed', async () => {
    const told: boolean[] = [];
    const port = await new Promise<number>((resolve) => {
      server = listen(
        async () => new Response('ok'),
        { port: 0 },
        (info) => resolve(info.port),
        SERVER_TIMEOUTS,
        (connected) => told.push(connected),
      );
    });
    // Node's own interval (every second from the listen on, connections or not) is stopped.
    const key = Object.getOwnPropertySymbols(server).find(
      (symbol) => symbol.description === 'http.server.connectionsCheckingInterval',
    );
    const nodeInterval = (server as unknown as Record<symbol, { _destroyed?: boolean }>)[key as symbol];
    expect(nodeInterval?._destroyed).toBe(true);
    expect(told).toEqual([]);
    const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
    expect(await answer.text()).toBe('ok');
    await vi.waitFor(() => expect(told).toEqual([true, false]));
  });
});
