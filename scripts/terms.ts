// `npm run terms -- show|list|set|clear ...`: an organisation's terms-and-privacy wording and addresses
// (server/terms/command.ts), on the database the server uses (DATABASE_URL or DATA_DIR, as server/config.ts reads them).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runTermsCommand, TERMS_USAGE, UsageError } from '../server/terms/command';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runTermsCommand(process.argv.slice(2), {
    db: database.db,
    now: new Date(),
    print: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof UsageError && error.message !== TERMS_USAGE) console.error(TERMS_USAGE);
  process.exitCode = 1;
} finally {
  await database.close();
}
