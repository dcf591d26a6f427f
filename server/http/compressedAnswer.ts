/**
 * The one way an API answer goes out compressed: put on a route by name, it sends a JSON answer over 1 KB in
 * brotli or gzip as the client accepts (http/acceptEncoding.ts). Only answers that hold no secret are compressed
 * (docs/security.md 'Compressed answers'): a BREACH-style attack reads a secret from the compressed length of an
 * answer that also reflects the attacker's text, so answers carrying a two-factor secret, recovery codes or tokens
 * are left as they are.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chosenEncoding } from './acceptEncoding';

/** Below this an answer fits a packet or two: compressing it saves nothing worth the CPU. */
export const COMPRESS_ABOVE_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Quality 5 of 11: most of brotli's gain at a few milliseconds for a 2,000-channel list (docs/benchmarks.md).
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

export const compressedAnswer = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.res.headers.append('Vary', 'Accept-Encoding');
  const encoding = chosenEncoding(c.req.header('accept-encoding'));
  const type = c.res.headers.get('content-type') ?? '';
  if (!encoding || c.req.method === 'HEAD' || c.res.status !== 200 || !type.includes('json')) return;
  if (c.res.headers.has('content-encoding')) return;
  const plain = Buffer.from(await c.res.clone().arrayBuffer());
  if (plain.length <= COMPRESS_ABOVE_BYTES) return;
  const body = encoding === 'br' ? await brotli(plain, BROTLI_OPTIONS) : await gzipped(plain);
  const headers = new Headers(c.res.headers);
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  c.res = new Response(new Uint8Array(body), { status: c.res.status, headers });
};
