// `npm run brand -- show|list|set ...`: an organisation's display name, logo and accent colour
// (server/brand/command.ts), on the database the server uses (DATABASE_URL or DATA_DIR, as server/config.ts reads them).

import { BRAND_USAGE, runBrandCommand, UsageError } from '../server/brand/command';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runBrandCommand(process.argv.slice(2), {
    db: database.db,
    now: new Date(),
    print: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof UsageError && error.message !== BRAND_USAGE) console.error(BRAND_USAGE);
  process.exitCode = 1;
} finally {
  await database.close();
}
