/**
 * Which server test files run a second time on Postgres (scripts/pg-test.ts), and why each other database test need
 * not (docs/decisions/conventions.md: Which server tests run on Postgres too). `npm test` runs every server file on PGlite, which is Postgres compiled to WebAssembly: the same SQL, the same
 * migrations, the same engine. What differs on Postgres is the driver (postgres.js: its types, its error shapes, its
 * pool), real concurrency (PGlite is one connection that serialises everything), several processes on one database,
 * and the server's collation. So a file runs again on Postgres when what it checks goes through those: requests or
 * processes at once, transactions, constraints and their error shapes, counting in the database (rate limits,
 * lockouts, mail limits, quotas), sessions and tokens, stored binary and sealed values, sorting, the schema and its
 * migrations. A file whose database only backs checks of the HTTP layer (origins, headers, pages, documents, hostile
 * input refused by the contract's schemas, logs, mail wording and language) is declared database-independent.
 *
 * Checked both ways: server/test/databaseUse.setup.ts fails a file that opened a PGlite database and is listed
 * nowhere here, and server/test/databaseSuites.test.ts fails a file that builds a test app or a database (or a
 * process on one) and is listed nowhere here, or a listed file that does not exist.
 */

/** Run again on Postgres by scripts/pg-test.ts (`bash scripts/pg-test.sh`). */
export const ON_POSTGRES: readonly string[] = [
  'server/cpuFlood.test.ts',
  'server/db/schema.test.ts',
  'server/db/migrateTogether.test.ts',
  'server/db/defaultOrganisationName.test.ts',
  'server/brand/command.test.ts',
  'server/idp/command.test.ts',
  'server/logMask.test.ts',
  'server/loginRace.process.test.ts',
  'server/mail/outbox.test.ts',
  'server/killMidChange.process.test.ts',
  'server/mail/queued.test.ts',
  'server/mail/recipientLimit.test.ts',
  'server/ops/ops.test.ts',
  'server/ops/orgSettingsCommand.test.ts',
  'server/rateLimit.test.ts',
  'server/retentionSweep.test.ts',
  'server/routes/auth.lockout.test.ts',
  'server/routes/auth.lockoutAddresses.test.ts',
  'server/routes/auth.test.ts',
  'server/routes/company.race.test.ts',
  'server/routes/company.resend.test.ts',
  'server/routes/company.test.ts',
  'server/routes/formPosts.test.ts',
  'server/routes/identityProviders.test.ts',
  'server/routes/images.limits.test.ts',
  'server/routes/images.test.ts',
  'server/routes/invitations.test.ts',
  'server/routes/lists.test.ts',
  'server/routes/loginOutage.test.ts',
  'server/routes/magicLinkTwoFactor.test.ts',
  'server/routes/me.test.ts',
  'server/routes/meEmail.test.ts',
  'server/routes/meEmail.undo.test.ts',
  'server/routes/meSecurity.test.ts',
  'server/routes/meSessions.test.ts',
  'server/routes/meActivity.test.ts',
  'server/routes/meExport.test.ts',
  'server/routes/organisations.test.ts',
  'server/routes/passkeys.test.ts',
  'server/routes/passwords.cost.test.ts',
  'server/routes/passwords.test.ts',
  'server/routes/recoveryReview.test.ts',
  'server/routes/rememberedDevices.test.ts',
  'server/routes/registration.concurrency.test.ts',
  'server/routes/registration.test.ts',
  'server/routes/resendConfirmation.test.ts',
  'server/routes/stepUpPasskey.test.ts',
  'server/routes/stepUpRequired.test.ts',
  'server/routes/twoFactor.test.ts',
  'server/routes/twoFactorAtRest.test.ts',
  'server/routes/twoFactorOrigin.test.ts',
  'server/security/atRest.test.ts',
  'server/security/credentialEpoch.test.ts',
  'server/seed.test.ts',
  'server/sessionReads.test.ts',
  'server/tokens.test.ts',
];

/**
 * On a Postgres of their own already in `npm test` (a throwaway cluster of Debian's postgresql, which .ci/run
 * installs first): a second run on Postgres would repeat the very same run.
 */
export const OWN_POSTGRES: Readonly<Record<string, string>> = {
  'server/db/poolRecovery.test.ts': 'stops and starts a cluster of its own (pool recovery after an outage)',
  'server/db/postgresDriver.test.ts': 'postgres.js on a cluster of its own (connections closed under it)',
  'server/db/transactionPooler.test.ts':
    'named prepared statements on a Postgres of its own (pg_prepared_statements)',
  'server/workers.test.ts': 'server processes on a throwaway cluster (several processes, WORKERS)',
};

/** They open a database, but nothing they check depends on which one: PGlite only. */
export const DATABASE_INDEPENDENT: Readonly<Record<string, string>> = {
  'server/app.test.ts': 'origin checks, the error layer, cookies and content types of the HTTP layer',
  'server/firstScreens.test.ts': 'which pages the server draws, their stylesheet, CSP and scripts',
  'server/security/breachedPasswords.test.ts':
    'a call to the range service before the password is hashed; nothing is stored when it refuses',
  'server/fuzz.test.ts': "hostile bodies refused by the contract's schemas before any query",
  'server/fuzzAll.test.ts':
    "hostile requests to every endpoint, refused by the contract's schemas before any query",
  'server/http/gracefulStop.process.test.ts':
    'its server process runs on an embedded database whatever the run',
  'server/http/hostCheck.test.ts': 'which hosts are answered, before any route',
  'server/mail/mail.test.ts': 'mail wording in six languages and what the outbox keeps of a body',
  'server/mail/noticeLocale.test.ts': 'the language a notice is written in',
  'server/mail/securityNotices.test.ts': 'which security notices are written, and their wording',
  'server/ops/productionSettings.test.ts': 'a production start refused before it opens its database',
  'server/openapi/schemaFuzz.test.ts': "generated requests answered within the document's shapes",
  'server/ops/icons.test.ts': 'icons and the web app manifest served from the build',
  'server/ops/loginOutcome.test.ts': "login outcomes counted in the process's metrics",
  'server/routes/apiDocs.test.ts': 'the API documentation pages',
  'server/routes/dev.test.ts': "the development mailbox's answers",
  'server/routes/lists.compressed.test.ts': 'compression of an answer (the lists themselves: lists.test.ts)',
  'server/routes/translation.test.ts': 'the catalogs the translation call answers',
  'server/site.test.ts': 'the site beside the API: pages, assets, compression, CSP, framing',
  'server/terms/command.test.ts': "the terms command's text rows",
};

/** A server test file's path from the repository root, as the lists above write it. */
export const isListed = (file: string): boolean =>
  ON_POSTGRES.includes(file) || file in OWN_POSTGRES || file in DATABASE_INDEPENDENT;
