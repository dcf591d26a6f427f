/**
 * MSW 2 handlers for every call of API_PATHS (spec 7), over the fake store. Paths match behind any base prefix
 * (`*\/api/...`): the development base `/organisation`, the production base (the origin), a test origin.
 *
 * Every request: a simulated delay (spec 1: 100-2000 ms; none under test), the scenario e-mails that force a
 * server error or a rate limit, then the call's resolver. Resolvers validate with the contract's wire schemas and
 * answer the contract's wire shapes; a thrown FakeReply is the answer, anything else thrown is a 500.
 */
import { type HttpHandler, http } from 'msw';
import { API_PATHS, type ApiCall, type CatalogSource, isInviteRegisterBody } from '../contract';
import { authResolvers } from './calls/auth';
import { imageResolvers } from './calls/images';
import { listResolvers } from './calls/lists';
import { passkeyResolvers } from './calls/passkeys';
import { profileResolvers } from './calls/profile';
import { recoveryResolvers } from './calls/recovery';
import { registrationResolvers } from './calls/registration';
import { rememberedDeviceResolvers } from './calls/rememberedDevices';
import { securityResolvers } from './calls/security';
import { securityActivityResolvers } from './calls/securityActivity';
import { translationResolvers } from './calls/translation';
import type { FakeResolvers } from './context';
import { FakeReply, failServer, failWithCode } from './reply';
import { ACCOUNTS } from './scenarios';
import { type FakeStore, fakeStore } from './store';

/** spec 1: simulated delays of 100-2000 ms. */
export const FAKE_DELAY_MS = { min: 100, max: 2000 } as const;

export type FakeDelay = () => Promise<void>;
export const noDelay: FakeDelay = async () => {};
export const randomDelay =
  (min: number = FAKE_DELAY_MS.min, max: number = FAKE_DELAY_MS.max): FakeDelay =>
  () =>
    new Promise((resolve) => setTimeout(resolve, min + Math.round(Math.random() * (max - min))));

/** Random in the browser, none under vitest (import.meta.env.MODE is 'test' there). */
export const defaultDelay = (): FakeDelay => (import.meta.env.MODE === 'test' ? noDelay : randomDelay());

/** One resolver per call (the type fails the build when a call of API_PATHS has none). */
export const FAKE_RESOLVERS: FakeResolvers = {
  ...authResolvers,
  ...profileResolvers,
  ...listResolvers,
  ...registrationResolvers,
  ...translationResolvers,
  ...imageResolvers,
  ...securityResolvers,
  ...passkeyResolvers,
  ...recoveryResolvers,
  ...rememberedDeviceResolvers,
  ...securityActivityResolvers,
};

const routeKey = (call: ApiCall) => `${API_PATHS[call].method} ${API_PATHS[call].path}`;

/** Calls that share a method and path, and how the request tells them apart (as the server does). */
const SHARED_ROUTES: Readonly<Record<string, (body: unknown) => ApiCall>> = {
  [routeKey('registerInvite')]: (body) => (isInviteRegisterBody(body) ? 'registerInvite' : 'registerCurator'),
};

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

const readBody = async (request: Request): Promise<unknown> => {
  // A DELETE may carry a body (DELETE /api/me: the typed confirmation); an empty one reads as none below.
  if (request.method === 'GET') return undefined;
  if (request.headers.get('content-type')?.includes('multipart/form-data')) {
    return request.formData().catch(() => undefined);
  }
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** True when `email` appears as any string value of the body or the query. */
const mentions = (value: unknown, email: string): boolean => {
  if (typeof value === 'string') return value.trim().toLowerCase() === email;
  if (Array.isArray(value)) return value.some((item) => mentions(item, email));
  if (value && typeof value === 'object' && !(value instanceof FormData)) {
    return Object.values(value).some((item) => mentions(item, email));
  }
  return false;
};

/** Scenario e-mails that reach the failures no input can: a server error, a rate limit. */
const checkScenarioEmails = (...parts: unknown[]) => {
  if (parts.some((part) => mentions(part, ACCOUNTS.serverError))) throw failServer();
  if (parts.some((part) => mentions(part, ACCOUNTS.rateLimited)))
    throw failWithCode(429, 'rate_limited_error');
};

const stringParams = (params: Record<string, string | readonly string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : (value ?? []).join('/'),
    ]),
  );

export interface FakeHandlerOptions {
  /** Called before every answer; defaults to defaultDelay(). */
  delay?: FakeDelay;
  /** Defaults to the shared in-memory store (reset it with resetFakeStore). */
  store?: FakeStore;
  /**
   * The compiled messages of each locale, for the translation call: the site's bundled catalogs, given by whoever
   * starts the fake (main.tsx through enableFakeApiIfRequested, test/fakeApi.ts), never imported here.
   */
  catalogs: CatalogSource;
}

export const createHandlers = ({
  delay = defaultDelay(),
  store = fakeStore,
  catalogs,
}: FakeHandlerOptions): HttpHandler[] => {
  const routes = new Map<string, ApiCall[]>();
  for (const call of Object.keys(API_PATHS) as ApiCall[]) {
    routes.set(routeKey(call), [...(routes.get(routeKey(call)) ?? []), call]);
  }
  return [...routes].map(([key, calls]) => {
    const [first] = calls as [ApiCall, ...ApiCall[]];
    const choose = calls.length === 1 ? () => first : SHARED_ROUTES[key];
    if (!choose)
      throw new Error(`fake api: ${key} serves ${calls.join(', ')} but says not how to tell them apart`);
    const { method, path } = API_PATHS[first];
    return METHODS[method](`*${path}`, async ({ request, params }) => {
      await delay();
      const url = new URL(request.url);
      const query = Object.fromEntries(url.searchParams);
      const body = await readBody(request);
      try {
        checkScenarioEmails(body, query);
        const resolve = FAKE_RESOLVERS[choose(body)];
        return await resolve({ request, url, params: stringParams(params), query, body, store, catalogs });
      } catch (error) {
        if (error instanceof FakeReply) return error.response;
        console.error('[fake api] the fake itself failed', error);
        return failServer().response;
      } finally {
        store.save();
      }
    });
  });
};
