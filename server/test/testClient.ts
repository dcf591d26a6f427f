/**
 * A browser stand-in for app.request(): keeps the cookies the server sets (like a browser would for this site)
 * and sends them back, so tests walk sessions the way the site does.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { answerViolations } from '../openapi/conformance';

export interface RequestOptions {
  json?: unknown;
  /** A raw body (malformed JSON, multipart). */
  body?: BodyInit;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  /** The raw Set-Cookie lines of this answer. */
  setCookies: string[];
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get = <T = unknown>(path: string, options: RequestOptions = {}) => this.request<T>('GET', path, options);
  post = <T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) =>
    this.request<T>('POST', path, { ...options, ...(json === undefined ? {} : { json }) });
  put = <T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) =>
    this.request<T>('PUT', path, { ...options, ...(json === undefined ? {} : { json }) });
  delete = <T = unknown>(path: string, options: RequestOptions = {}) =>
    this.request<T>('DELETE', path, options);

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const url = new URL(path, 'http://localhost');
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.request(url.pathname + url.search, { method, headers, body });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.keep(line);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: tests see the text
    }
    // Every answer the suite receives must fit the OpenAPI document (server/openapi/conformance.ts).
    const violations = await answerViolations(method, url.pathname, response.status, parsed);
    if (violations.length > 0)
      throw new Error(`The answer does not fit docs/openapi.json: ${JSON.stringify(violations)}`);
    return { status: response.status, headers: response.headers, body: parsed as T, setCookies };
  }

  private keep(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const expired = attributes.some(
      (attribute) =>
        /^max-age=0$/i.test(attribute) ||
        (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()),
    );
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
