/**
 * The API described (docs/openapi.json, built from the contract by server/openapi/document.ts): GET /api/openapi.json everywhere, so the platform's other
 * clients can read what this server answers; and, outside production, a reference page at GET /api/docs (Swagger
 * UI, served from the swagger-ui-dist package on this machine: no CDN, no inline script, so a strict CSP holds).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { projectPath } from '../projectPath';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The reference page's own CSP: its files only; Swagger UI sets inline styles on its elements. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Account API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/** The API is always under /api/ of the host that serves this page (server/http/errorLayer.ts API_PREFIX). */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true });\n`;

const swaggerUiDir = (): string =>
  dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const apiDocsRoutes = (deps: AppDeps) => {
  // The committed document, read once: `npm test` fails when it is not what the contract builds (openapi:check).
  const document = readFileSync(projectPath('docs/openapi.json'), 'utf8');
  const routes = new Hono<AppEnv>().get(OPENAPI_PATH, (c) =>
    c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' }),
  );
  if (deps.config.production) return routes;

  const assets = new Map<string, { body: string; type: string }>([
    [
      'swagger-ui.css',
      { body: readFileSync(join(swaggerUiDir(), 'swagger-ui.css'), 'utf8'), type: 'text/css' },
    ],
    [
      'swagger-ui-bundle.js',
      { body: readFileSync(join(swaggerUiDir(), 'swagger-ui-bundle.js'), 'utf8'), type: 'text/javascript' },
    ],
    ['init.js', { body: INIT_SCRIPT, type: 'text/javascript' }],
  ]);
  return routes
    .get(API_DOCS_PATH, (c) => c.html(DOCS_PAGE, 200, { 'Content-Security-Policy': DOCS_CSP }))
    .get(`${API_DOCS_PATH}/:file`, (c) => {
      const asset = assets.get(c.req.param('file'));
      if (!asset) return c.notFound();
      return c.body(asset.body, 200, { 'Content-Type': `${asset.type}; charset=utf-8` });
    });
};
