/**
 * Conformance: does an answer of the server fit the OpenAPI document? Checked by openapi-backend (a maintained
 * validator, Ajv underneath), not by our own schemas, so drift between the code and the description shows.
 * Used by the server suite on every answer (server/test/testClient.ts) and by the Chromium journeys through the
 * server's conformance log (server/openapi/conformanceLog.ts).
 */
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { buildOpenApiDocument } from './document';

/**
 * Paths under /api that are not calls of the API: this server's own tooling. The document says nothing about
 * them on purpose (the uploaded file and an organisation's logo are bytes; the others exist outside production only
 * or describe the API).
 */
const OUTSIDE_THE_API = [
  /^\/api\/dev\//,
  /^\/api\/uploads\/[^/]+$/,
  /^\/api\/organisations\/[^/]+\/logo$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
];

export interface Violation {
  method: string;
  path: string;
  status: number;
  problem: string;
}

let backend: Promise<OpenAPIBackend> | undefined;
/**
 * The document as built from the contract now (its committed copy is checked equal by document.test.ts). `quick`
 * skips openapi-backend's own check of the document, which knows OpenAPI 3.0 only; the 3.1 document is checked
 * by @seriousme/openapi-schema-validator in document.test.ts. The answer schemas are plain JSON Schema for Ajv.
 */
const openApi = (): Promise<OpenAPIBackend> => {
  backend ??= new OpenAPIBackend({
    definition: buildOpenApiDocument() as never,
    quick: true,
    // The document's formats (date-time, email, uri) are checked too, not ignored.
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  }).init();
  return backend;
};

const declared = (responses: Record<string, unknown>, status: number): boolean =>
  String(status) in responses || `${Math.floor(status / 100)}XX` in responses || 'default' in responses;

/**
 * The violations of one answer: an undeclared status, or a body that does not fit the schema of its status. A
 * path the document does not know must be a 404 in a spec 8 shape (the API's not-found answer).
 */
export async function answerViolations(
  method: string,
  pathWithQuery: string,
  status: number,
  body: unknown,
): Promise<Violation[]> {
  const path = pathWithQuery.split('?')[0] ?? pathWithQuery;
  // The API and the health probes (server/ops/health.ts) are described; the rest of the server is the site.
  const described = path.startsWith('/api/') || path.startsWith('/health/');
  if (!described || OUTSIDE_THE_API.some((pattern) => pattern.test(path))) return [];
  const found = (problem: string): Violation[] => [{ method, path, status, problem }];
  const api = await openApi();
  const operation = api.matchOperation({ method, path, headers: {} });
  if (!operation) {
    const shape = body as { code?: unknown } | undefined;
    if (status === 404 && typeof shape?.code === 'string') return [];
    if (status === 405 && typeof shape?.code === 'string') return [];
    return found('no operation of the document has this method and path');
  }
  if (!declared(operation.responses ?? {}, status))
    return found(`status ${status} is not declared for ${operation.operationId}`);
  const result = api.validateResponse(body, operation, status);
  if (result.valid) return [];
  return found(
    `${operation.operationId} ${status}: ${(result.errors ?? [])
      .map((error) => `${error.instancePath || '(body)'} ${error.message}`)
      .join('; ')}`,
  );
}
