import { connect, createServer, type Socket } from 'node:net';

/**
 * The rehearsal's load balancer: a TCP proxy on the site's port that hands each new connection to the next instance in
 * turn (round-robin; a kept-alive connection stays on its instance, as behind a layer-4 balancer). The Host header
 * passes through untouched, so every instance sees the site's own host. An instance that refuses the connection (one
 * restarting) is skipped for the next.
 */
export async function startRoundRobin(
  port: number,
  instancePorts: readonly number[],
): Promise<{ close: () => Promise<void> }> {
  let next = 0;
  const open = new Set<Socket>();
  const forward = (client: Socket, tries: number) => {
    const target = instancePorts[next++ % instancePorts.length] ?? 0;
    const upstream = connect(target, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      open.add(upstream);
      upstream.once('close', () => {
        open.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected && tries > 1) forward(client, tries - 1);
      else client.destroy();
    });
  };
  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    // A reset by the browser ends both sides (the 'close' above), nothing more.
    client.on('error', () => {});
    client.once('close', () => open.delete(client));
    forward(client, instancePorts.length);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
