// `npm run idp -- set|list|remove ...`: identity-provider settings per organisation (server/idp/command.ts), on
// the database the server uses (DATABASE_URL or DATA_DIR, as server/config.ts reads them).
import { text } from 'node:stream/consumers';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { IDP_USAGE, runIdpCommand, UsageError } from '../server/idp/command';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runIdpCommand(process.argv.slice(2), {
    db: database.db,
    config,
    now: new Date(),
    readSecret: () => text(process.stdin),
    print: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof UsageError && error.message !== IDP_USAGE) console.error(IDP_USAGE);
  process.exitCode = 1;
} finally {
  await database.close();
}
