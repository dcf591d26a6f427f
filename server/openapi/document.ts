/**
 * The OpenAPI 3.1 document of the API, built from api/contract alone: API_PATHS (methods and paths), OPERATIONS
 * (which wire schema each call takes and answers) and the error shapes of spec 8. `npm run openapi` writes it to
 * docs/openapi.json; the server serves that file; tests check it is fresh and that every answer fits it.
 */
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ERROR_CODES } from '../../api/contract/errorCodes';
import {
  CodeErrorWire,
  FieldValidationErrorWire,
  ForbiddenErrorWire,
  MessageCodeErrorWire,
} from '../../api/contract/errorShapes';
import { OPERATIONS, type Operation } from '../../api/contract/operations';
import { API_PATHS, type ApiCall } from '../../api/contract/paths';

export const OPENAPI_FILE = 'docs/openapi.json';

type JsonObject = Record<string, unknown>;

/**
 * The request side is described as the client sends it (before the contract's own trimming and cleaning), the
 * answer side as the server writes it. valibot actions with no JSON Schema equivalent (trim, custom checks) are
 * left out: the document is then a little more permissive than the server, never stricter.
 */
const schemaOf = (schema: v.GenericSchema): JsonObject => {
  const { $schema: _draft, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as JsonSchema & JsonObject;
  return rest;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** spec 8: every error body the server can send, under one name per shape. */
const ERROR_SCHEMAS = {
  FieldValidationError: FieldValidationErrorWire,
  CodeError: CodeErrorWire,
  MessageCodeError: MessageCodeErrorWire,
  ForbiddenError: ForbiddenErrorWire,
} as const;

const errorResponse = (description: string) => ({
  description,
  content: {
    // anyOf: a {code, message} body is both a CodeError and a Forbidden {message}; either reading is right.
    'application/json': { schema: { anyOf: Object.keys(ERROR_SCHEMAS).map((name) => ref(name)) } },
  },
});

/** What every operation may answer besides its success: the spec 8 shapes (and 5xx, a defect, same shape). */
const ERROR_RESPONSES = {
  '4XX': errorResponse(
    'A refusal in one of the spec 8 shapes: FieldValidationError for input, {code} with a catalogue code, {messageCode}, or a Forbidden body',
  ),
  '5XX': errorResponse('unknown_server_error: a defect of the server, never caused by input'),
};

const parameters = (operation: Operation): JsonObject[] => {
  const list: JsonObject[] = [];
  for (const [location, schema] of [
    ['query', operation.query],
    ['path', operation.params],
  ] as const) {
    if (!schema) continue;
    const object = schemaOf(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {}))
      list.push({
        name,
        in: location,
        required: location === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
  }
  return list;
};

/** Multipart: the file part is binary; JSON Schema cannot say 'a Blob', OpenAPI says format binary. */
const multipartSchema = (schema: v.GenericSchema): JsonObject => {
  const entries = (schema as unknown as { entries: Record<string, v.GenericSchema> }).entries;
  const properties: Record<string, JsonObject> = {};
  for (const [name, entry] of Object.entries(entries))
    properties[name] = entry.type === 'blob' ? { type: 'string', format: 'binary' } : schemaOf(entry);
  return { type: 'object', properties, required: Object.keys(entries) };
};

const requestBody = (calls: readonly ApiCall[]) => {
  const bodies = calls.flatMap((call) => {
    const body = OPERATIONS[call].body;
    return body ? [body] : [];
  });
  const [first] = bodies;
  if (!first) return undefined;
  if (first.type === 'multipart')
    return { required: true, content: { 'multipart/form-data': { schema: multipartSchema(first.schema) } } };
  const schemas = bodies.map((body) => schemaOf(body.schema));
  return {
    required: true,
    content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } } },
  };
};

const successResponses = (calls: readonly ApiCall[]) => {
  const byStatus = new Map<number, JsonObject[]>();
  for (const call of calls) {
    const { answer } = OPERATIONS[call];
    byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), schemaOf(answer.schema)]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, schemas]) => [
      String(status),
      {
        description: calls.map((call) => OPERATIONS[call].summary).join(' / '),
        content: {
          'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } },
        },
      },
    ]),
  );
};

/** Hono's ':id' path syntax as OpenAPI's '{id}'. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** Calls that share a method and path (curator and invitation sign-up) are one operation. */
const groupedCalls = (): Map<string, ApiCall[]> => {
  const groups = new Map<string, ApiCall[]>();
  for (const call of Object.keys(API_PATHS) as ApiCall[]) {
    const { method, path } = API_PATHS[call];
    const key = `${method} ${path}`;
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  return groups;
};

/** The probes a load balancer calls (server/ops/health.ts): outside /api, no session, never rate-limited. */
const HEALTH_OPERATIONS: Record<string, Record<string, JsonObject>> = {
  '/health/live': {
    get: {
      operationId: 'healthLive',
      summary: 'The process answers (liveness)',
      tags: ['operations'],
      security: [],
      responses: {
        '200': {
          description: 'Live',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { status: { const: 'live' } }, required: ['status'] },
            },
          },
        },
      },
    },
  },
  '/health/ready': {
    get: {
      operationId: 'healthReady',
      summary: 'The database answers and every migration is applied (readiness)',
      tags: ['operations'],
      security: [],
      responses: {
        '200': {
          description: 'Ready',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { status: { const: 'ready' } }, required: ['status'] },
            },
          },
        },
        '503': errorResponse("Not ready: {code: 'unknown_server_error', message: 'not ready: <reason>'}"),
      },
    },
  },
};

export const buildOpenApiDocument = (): JsonObject => {
  const paths: Record<string, Record<string, JsonObject>> = { ...HEALTH_OPERATIONS };
  for (const [key, calls] of groupedCalls()) {
    const [method = 'GET', path = '/'] = key.split(' ');
    const operations = calls.map((call) => OPERATIONS[call]);
    const body = requestBody(calls);
    const needsSession = operations.every((operation) => operation.access === 'session');
    const first = operations[0] as Operation;
    const pathKey = openApiPath(path);
    paths[pathKey] ??= {};
    const pathItem = paths[pathKey];
    pathItem[method.toLowerCase()] = {
      operationId: calls.join('_or_'),
      summary: operations.map((operation) => operation.summary).join(' / '),
      tags: [needsSession ? 'signed in' : 'public'],
      ...(parameters(first).length ? { parameters: parameters(first) } : {}),
      ...(body ? { requestBody: body } : {}),
      security: needsSession ? [{ session: [] }] : [],
      responses: { ...successResponses(calls), ...ERROR_RESPONSES },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Account API',
      version: '1.0.0',
      description: [
        'The API of the account site (docs/spec.md 7), generated from api/contract by `npm run openapi`.',
        'Every call carries credentials: the session is a cookie (`session`, `__Host-session` over HTTPS).',
        "Mutating calls must come from the site's own origin (Origin header). Errors use the spec 8 shapes;",
        `the catalogue codes are: ${ERROR_CODES.join(', ')}.`,
      ].join(' '),
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'public', description: 'Callable without a session' },
      { name: 'signed in', description: 'Needs the session cookie; 401 without one' },
      { name: 'operations', description: 'Health probes for load balancers (README: Operating it)' },
    ],
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      schemas: {
        ...Object.fromEntries(
          Object.entries(ERROR_SCHEMAS).map(([name, schema]) => [name, schemaOf(schema)]),
        ),
        // Every field of the Forbidden shape is optional in the contract (readers take what is there); what the
        // server sends has at least one of them, which the schema alone cannot say.
        ForbiddenError: {
          ...schemaOf(ForbiddenErrorWire),
          anyOf: [{ required: ['errorCode'] }, { required: ['message'] }],
        },
      },
    },
  };
};

/** The document as committed: stable key order, two-space indent, final newline. */
export const renderOpenApiDocument = (): string => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
