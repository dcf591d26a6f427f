import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from server/db/schema.ts (`npx drizzle-kit generate`). The same migrations run on
// embedded PGlite and on Postgres; server/db/client.ts applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
