/** A stop (SIGTERM) lets the calls in flight finish, takes no new connection, and is bounded in time. */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { stopGracefully } from './gracefulStop';
import { listen } from './nodeServer';

const slowServer = (delayMs: number) => {
  const server = listen(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return new Response('done');
    },
    { port: 0, hostname: '127.0.0.1' },
  );
  return new Promise<{ server: typeof server; url: string }>((resolve) =>
    server.once('listening', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
};

describe('graceful stop', () => {
  it('finishes the call in flight, refuses new connections, then runs done', async () => {
    const { server, url } = await slowServer(400);
    const inFlight = fetch(url).then(async (answer) => ({
      status: answer.status,
      text: await answer.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the call has arrived
    let closedDatabase = false;
    const stopped = stopGracefully(server, async () => {
      closedDatabase = true;
    });
    await expect(fetch(url)).rejects.toThrow(); // no new connection taken
    expect(await inFlight).toEqual({ status: 200, text: 'done' });
    await stopped;
    expect(closedDatabase).toBe(true);
  });

  it('a call stuck past the grace time is cut, and the stop still ends', async () => {
    const { server, url } = await slowServer(60_000);
    const stuck = fetch(url).catch(() => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await stopGracefully(server, async () => {}, 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBe('cut');
  });
});
