import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The caller's address for rate limits: the socket's peer, or the first X-Forwarded-For hop when the server is
 * told it sits behind a proxy (otherwise that header is the caller's to forge).
 */
export const clientIp = (c: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
};
