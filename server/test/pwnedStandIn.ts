/**
 * A local stand-in for a Pwned Passwords range service (server/security/breachedPasswords.ts), for tests and the
 * journeys' server: GET /range/{5 hex} answers `SUFFIX:COUNT` lines for the breached passwords it was given whose
 * SHA-1 starts with the prefix, and, when asked with `Add-Padding: true`, padding lines of count 0 as the real
 * service adds. It records what it was asked (path and padding header), so a test can prove that only the prefix
 * left. Nothing here reaches the internet.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PwnedStandIn {
  /** The base address to give PWNED_PASSWORDS_URL. */
  url: string;
  /** Every request: its path and whether it asked for padding. */
  asked: { path: string; padding: boolean }[];
  /** Answers each request this many milliseconds late (0: at once). */
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
}

/** Passwords the journeys and tests treat as breached, with how often the stand-in says they were seen. */
export const BREACHED_SAMPLES: Readonly<Record<string, number>> = {
  password123: 251_682,
  'correct horse battery staple': 412,
};

const sha1 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

const PADDING_LINES = 20;

export const startPwnedStandIn = async (
  breached: Readonly<Record<string, number>> = BREACHED_SAMPLES,
): Promise<PwnedStandIn> => {
  const hashes = Object.entries(breached).map(([password, count]) => ({ hash: sha1(password), count }));
  const asked: PwnedStandIn['asked'] = [];
  let delayMs = 0;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    const padding = request.headers['add-padding'] === 'true';
    asked.push({ path, padding });
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(path)?.[1];
    const answer = () => {
      if (!prefix) {
        response
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('The hash prefix was not in a valid format');
        return;
      }
      const lines = hashes
        .filter(({ hash }) => hash.startsWith(prefix))
        .map(({ hash, count }) => `${hash.slice(5)}:${count}`);
      if (padding)
        for (let i = 0; i < PADDING_LINES; i += 1)
          lines.push(`${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}:0`);
      response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
