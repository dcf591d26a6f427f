import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Serves a built site (an SPA) from `dir` under `base`, falling back to index.html like any SPA host.
 * Used by the size report and the smoke test, which must not depend on the API server.
 */
export async function serveStatic(
  dir: string,
  base = '/',
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const inside = pathname.startsWith(base) ? pathname.slice(base.length) : '';
    const file = normalize(join(dir, inside));
    const target =
      file.startsWith(dir) && existsSync(file) && statSync(file).isFile() ? file : join(dir, 'index.html');
    res.setHeader('content-type', TYPES[extname(target)] ?? 'application/octet-stream');
    if (target.endsWith('mockServiceWorker.js')) res.setHeader('service-worker-allowed', '/');
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
