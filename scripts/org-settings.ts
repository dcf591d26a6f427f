// `npm run org-settings -- show|set ...`: an organisation's security settings (server/ops/orgSettingsCommand.ts), on
// the database the server uses (DATABASE_URL or DATA_DIR, as server/config.ts reads them).

import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { ORG_SETTINGS_USAGE, runOrgSettingsCommand, UsageError } from '../server/ops/orgSettingsCommand';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runOrgSettingsCommand(process.argv.slice(2), {
    db: database.db,
    now: new Date(),
    print: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof UsageError && error.message !== ORG_SETTINGS_USAGE) console.error(ORG_SETTINGS_USAGE);
  process.exitCode = 1;
} finally {
  await database.close();
}
