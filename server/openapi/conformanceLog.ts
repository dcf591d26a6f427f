/**
 * The conformance check for a running server (the Chromium journeys): with OPENAPI_CONFORMANCE_LOG=<file> set
 * outside production, every answer under /api/ is checked against the OpenAPI document after it is sent, and
 * each violation is appended to the file as one JSON line. The journeys' teardown fails the run when the file is
 * not empty (test/e2e/globalSetup.ts). Loaded only when asked for: production never carries the validator.
 */
import { appendFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { answerViolations } from './conformance';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** The answer as the browser reads it: a compressed one (the catalogue, the lists) is decompressed first. */
const textOf = async (response: Response): Promise<string> => {
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
  if ((encoding !== 'gzip' && encoding !== 'deflate') || !response.body) return response.text();
  return new Response(response.body.pipeThrough(new DecompressionStream(encoding))).text();
};

const bodyOf = async (response: Response): Promise<unknown> => {
  const text = await textOf(response);
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export function withConformanceLog<TFetch extends Fetch>(fetch: TFetch, file: string): TFetch {
  const checked = async (request: Request, ...rest: never[]) => {
    const response = await fetch(request, ...rest);
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/')) {
      const copy = response.clone();
      // After the answer: the visitor's request never waits for the check.
      void bodyOf(copy)
        .then((body) => answerViolations(request.method, pathname, response.status, body))
        .then((violations) => {
          for (const violation of violations) appendFileSync(file, `${JSON.stringify(violation)}\n`);
        })
        .catch((error: unknown) => {
          appendFileSync(
            file,
            `${JSON.stringify({ method: request.method, path: pathname, problem: String(error) })}\n`,
          );
        });
    }
    return response;
  };
  return checked as TFetch;
}
