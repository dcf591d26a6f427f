/**
 * Calls to the rehearsal's server as a browser makes them: its own Origin (the server refuses mutating calls from
 * anywhere else), a cookie jar for the `__Host-` session cookie, the person's language.
 */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export function apiClient(siteUrl: string, { locale = 'en-US' }: { locale?: string } = {}) {
  const jar = new Map<string, string>();
  const call = async <T = unknown>(method: string, path: string, json?: unknown): Promise<ApiAnswer<T>> => {
    const answer = await fetch(new URL(path, siteUrl), {
      method,
      headers: {
        origin: new URL(siteUrl).origin,
        'accept-language': locale,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const text = await answer.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: answer.status, body: body as T };
  };
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, json?: unknown) => call<T>('POST', path, json),
    cookies: jar,
  };
}

/** Fails with the answer when a call did not succeed (setup steps that must work). */
export function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status >= 300)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
