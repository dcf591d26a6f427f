import { request as httpRequest } from 'node:http';

/**
 * Calls to the rehearsal's server as a browser makes them: its own Origin (the server refuses mutating calls from
 * anywhere else), a cookie jar for the `__Host-` session cookie, the person's language.
 */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  /** The body as it came (an image). */
  bytes: Buffer;
}

/** One request as sent: where to, and what comes back (its cookies as set). */
type Send = (
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
) => Promise<{ status: number; setCookies: string[]; bytes: Buffer }>;

const sendByFetch: Send = async (url, init) => {
  const answer = await fetch(url, init);
  return {
    status: answer.status,
    setCookies: answer.headers.getSetCookie(),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
};

/**
 * Straight to one instance behind the balancer (`instanceUrl`'s port on 127.0.0.1), from the loopback address `from`,
 * with the site's Host as the balancer passes it on (fetch cannot set Host).
 */
const sendTo =
  (instanceUrl: string, from: string, siteHost: string): Send =>
  (url, init) =>
    new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(new URL(instanceUrl).port),
          localAddress: from,
          method: init.method,
          path: `${url.pathname}${url.search}`,
          headers: { ...init.headers, host: siteHost },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              setCookies: answer.headers['set-cookie'] ?? [],
              bytes: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });

export function apiClient(
  siteUrl: string,
  {
    locale = 'en-US',
    instance,
  }: {
    locale?: string;
    /** Call this instance directly instead of the site's balancer, from the given loopback address. */
    instance?: { url: string; from: string };
  } = {},
) {
  const jar = new Map<string, string>();
  const site = new URL(siteUrl);
  const send = instance ? sendTo(instance.url, instance.from, site.host) : sendByFetch;
  const call = async <T = unknown>(
    method: string,
    path: string,
    payload?: { type: string; bytes: Uint8Array<ArrayBuffer> },
  ): Promise<ApiAnswer<T>> => {
    const answer = await send(new URL(path, siteUrl), {
      method,
      headers: {
        origin: site.origin,
        'accept-language': locale,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(payload === undefined ? {} : { 'content-type': payload.type }),
      },
      body: payload?.bytes,
    });
    for (const line of answer.setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const text = answer.bytes.toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: answer.status, body: body as T, bytes: answer.bytes };
  };
  const json = (value: unknown) =>
    value === undefined
      ? undefined
      : { type: 'application/json', bytes: new TextEncoder().encode(JSON.stringify(value)) };
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body?: unknown) => call<T>('POST', path, json(body)),
    /** A multipart form, as a browser posts one (the upload). */
    postForm: async <T = unknown>(path: string, form: FormData) => {
      const encoded = new Response(form);
      return call<T>('POST', path, {
        type: encoded.headers.get('content-type') ?? '',
        bytes: new Uint8Array(await encoded.arrayBuffer()),
      });
    },
    cookies: jar,
  };
}

/** Fails with the answer when a call did not succeed (setup steps that must work). */
export function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status >= 300)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
