/** A fetch stub for api tests: records each Request and answers from a function, with real Response objects. */
import { createApiClient, setApiClient } from '../client';

export const TEST_API_BASE = 'http://api.test/organisation';

export interface FetchStub {
  requests: Request[];
  /** The JSON body of the n-th request (read from a clone). */
  jsonOf: (index: number) => Promise<unknown>;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/html' } });

/** Installs a client on TEST_API_BASE whose fetch answers with `answer(request)`. */
export const stubFetch = (answer: (request: Request) => Response | Promise<Response>): FetchStub => {
  const requests: Request[] = [];
  const clones: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    clones.push(request.clone());
    return answer(request);
  };
  setApiClient(createApiClient({ base: TEST_API_BASE, fetch: fetch as typeof globalThis.fetch }));
  return { requests, jsonOf: async (index) => clones[index]?.json() };
};

/** A fetch that never answers until the request is aborted (time-out tests). */
export const hangUntilAborted = (request: Request): Promise<Response> =>
  new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });
