/**
 * The ky instance and the one function every call goes through.
 * - credentials 'include' on every call (spec 7: all calls carry credentials);
 * - base: the current origin in production, `${origin}/organisation` in development (spec 2, 7;
 *   docs/decisions/conventions.md: Development mapping), or VITE_API_BASE when set. Always absolute: a relative base fails under Node's Request;
 * - time-outs: API_TIMEOUT_MS, TRANSLATION_TIMEOUT_MS for the translation call, UPLOAD_TIMEOUT_MS for uploads;
 * - no automatic retries: machines decide what to retry, and a time-out then means exactly one time-out;
 * - every failure is thrown as an ApiError (api/errors.ts); answers are checked against their wire schema
 *   (api/checkAnswer.ts: a long list a slice at a time).
 */
import ky, { type KyInstance } from 'ky';
import type * as v from 'valibot';
import { checkAnswer } from './checkAnswer';
import { API_PATHS, API_TIMEOUT_MS, type ApiCall, apiPath } from './contract';
import { heard } from './credentialRefusals';
import { ApiError, failure, toApiError } from './errors';

/** spec 2: in development the API base is the organisation path. */
export const DEV_API_PATH = '/organisation';

export interface ApiEnvironment {
  /** import.meta.env.DEV */
  dev: boolean;
  /** import.meta.env.VITE_API_BASE: an absolute URL or a path on this origin. */
  baseOverride?: string | undefined;
  /** location.href of the page. */
  href: string;
}

/** The absolute API base, without a trailing slash. */
export const apiBaseUrl = ({ dev, baseOverride, href }: ApiEnvironment): string => {
  if (baseOverride) return new URL(baseOverride, href).href.replace(/\/+$/, '');
  const { origin } = new URL(href);
  return dev ? `${origin}${DEV_API_PATH}` : origin;
};

/** The API base of this page (calls made outside ky, e.g. an upload with progress, use it too). */
export const currentApiBase = (): string => apiBaseUrl(currentEnvironment());

const currentEnvironment = (): ApiEnvironment => ({
  dev: import.meta.env.DEV,
  baseOverride: import.meta.env.VITE_API_BASE as string | undefined,
  href: globalThis.location.href,
});

export interface ApiClientOptions {
  /** Absolute API base; defaults to apiBaseUrl of the current page. */
  base?: string;
  /** A fetch to use instead of the global one (tests, server-side rendering). */
  fetch?: typeof fetch;
}

export const createApiClient = (options: ApiClientOptions = {}): KyInstance =>
  ky.create({
    prefix: options.base ?? apiBaseUrl(currentEnvironment()),
    credentials: 'include',
    timeout: API_TIMEOUT_MS,
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

let client: KyInstance | undefined;

/** The shared client, made on first use (the page's location is known by then). */
export const apiClient = (): KyInstance => {
  client ??= createApiClient();
  return client;
};

/** Replaces the shared client (tests); `undefined` makes the next call build a fresh default one. */
export const setApiClient = (next: KyInstance | undefined): void => {
  client = next;
};

export interface CallOptions {
  /** JSON body. */
  json?: unknown;
  /** Multipart body (uploads). */
  body?: FormData;
  searchParams?: Record<string, string>;
  /** Values of `:name` path segments. */
  params?: Record<string, string>;
  timeout?: number;
  /** Cancels the call (a newer one replaced it); it then fails like any other call. */
  signal?: AbortSignal;
}

const send = (call: ApiCall, options: CallOptions) => {
  const { json, body, searchParams, params, timeout, signal } = options;
  return apiClient()(apiPath(call, params), {
    method: API_PATHS[call].method,
    ...(json !== undefined ? { json } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(searchParams ? { searchParams } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    ...(signal ? { signal } : {}),
  });
};

/** Calls without an answer worth reading: success is the status alone. */
export async function callApi(call: ApiCall, options?: CallOptions): Promise<void>;
/** Calls with an answer: the body is checked against its wire schema (a mismatch is unknown_server_error). */
export async function callApi<S extends v.GenericSchema>(
  call: ApiCall,
  options: CallOptions,
  answer: S,
): Promise<v.InferOutput<S>>;
export async function callApi(
  call: ApiCall,
  options: CallOptions = {},
  answer?: v.GenericSchema,
): Promise<unknown> {
  try {
    const response = send(call, options);
    if (!answer) {
      await response;
      return undefined;
    }
    const checked = await checkAnswer(answer, await response.json());
    if (!checked) {
      throw new ApiError(failure('unknown_server_error', { details: { reason: 'answer_schema', call } }));
    }
    return checked.output;
  } catch (error) {
    throw heard(toApiError(error, { call }));
  }
}
