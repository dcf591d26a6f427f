/**
 * `npm run openapi`: writes the OpenAPI document generated from api/contract to docs/openapi.json.
 * `npm run openapi:check` (`--check`) regenerates it in memory and exits 1 when the committed file is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { OPENAPI_FILE, renderOpenApiDocument } from '../server/openapi/document';

const fresh = renderOpenApiDocument();
if (process.argv.includes('--check')) {
  const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : '';
  if (committed !== fresh) {
    console.error(`${OPENAPI_FILE} is stale: run 'npm run openapi' and commit the result.`);
    process.exit(1);
  }
  console.log(`${OPENAPI_FILE} is fresh.`);
} else {
  writeFileSync(OPENAPI_FILE, fresh);
  console.log(`wrote ${OPENAPI_FILE}`);
}
