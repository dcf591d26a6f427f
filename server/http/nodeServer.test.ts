/**
 * The time-outs of the Node server (docs/security.md: Input): a raw socket that sends half a request is closed within
 * the bound, with the real header time-out and a short request time-out (the real one is a minute).
 */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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

/** Sends `text` on a fresh connection and never more; answers how long until the server closed it, and what it said. */
const halfRequest = (port: number, text: string, giveUpMs: number) =>
  new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
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

  it(`closes a connection whose headers never end within ${SERVER_TIMEOUTS.headersMs / 1000} s (+ one check)`, async () => {
    const port = await start();
    const bound = SERVER_TIMEOUTS.headersMs + SERVER_TIMEOUTS.checkEveryMs;
    const { closedAfterMs, answer } = await halfRequest(
      port,
      'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
      bound + 5_000,
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersMs - 500);
    expect(closedAfterMs).toBeLessThanOrEqual(bound + 1_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

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
});
