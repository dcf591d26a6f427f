import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { buildOpenApiDocument, OPENAPI_FILE, openApiPath, renderOpenApiDocument } from './document';

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by the official schema (a maintained validator)', async () => {
    const result = await new Validator().validate(buildOpenApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is the committed docs/openapi.json (npm run openapi)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApiDocument());
  });

  it('describes every call of API_PATHS, with the session as the security of signed-in calls', () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>>;
    };
    for (const { method, path } of Object.values(API_PATHS)) {
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['4XX', '5XX']));
    }
    expect(document.paths['/api/me']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/login']?.post?.security).toEqual([]);
  });
});
