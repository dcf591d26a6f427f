/**
 * `npm run org-settings -- <show|set> ...` (scripts/org-settings.ts): an operator's way to read an organisation's
 * security settings and to let it forbid remembered devices (docs/decisions/security.md: Remember this device): while
 * the organisation enforces two-factor and forbids them, its members' 'Remember this device' is ignored and every
 * device they remembered before skips nothing. Kept apart from the script so tests run it against a test database.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { organisations } from '../db/schema';
import { type OperatorCommandContext, organisationOf, required, UsageError } from './operatorCommand';

const CHOICES = { allowed: true, forbidden: false } as const;

export const ORG_SETTINGS_USAGE = `Usage:
  npm run org-settings -- show --organisation <subdomain>
  npm run org-settings -- set --organisation <subdomain> --remembered-devices <allowed|forbidden>
      (read only while the organisation enforces two-factor: then 'forbidden' asks its members for the
       one-time code at every login, whatever device they remembered)`;

export { UsageError };

type Row = Pick<
  typeof organisations.$inferSelect,
  'subdomain' | 'name' | 'enforcesTwoFactor' | 'allowsRememberedDevices'
>;

const describe = (row: Row): string[] => [
  `${row.subdomain}: ${row.name}`,
  `  two-factor:         ${row.enforcesTwoFactor ? 'enforced' : 'up to each member'}`,
  `  remembered devices: ${row.allowsRememberedDevices ? 'allowed' : 'forbidden'}${
    row.enforcesTwoFactor ? '' : ' (not read: two-factor is not enforced)'
  }`,
];

export const runOrgSettingsCommand = async (
  argv: string[],
  context: OperatorCommandContext,
): Promise<void> => {
  const [action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { organisation: { type: 'string' }, 'remembered-devices': { type: 'string' } },
    strict: true,
  });
  const { db, print } = context;
  switch (action) {
    case 'show': {
      for (const line of describe(await organisationOf(db, required(values, 'organisation')))) print(line);
      return;
    }
    case 'set': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      const choice = required(values, 'remembered-devices').toLowerCase();
      if (!Object.hasOwn(CHOICES, choice))
        throw new UsageError(`--remembered-devices is 'allowed' or 'forbidden', not '${choice}'`);
      await db
        .update(organisations)
        .set({ allowsRememberedDevices: CHOICES[choice as keyof typeof CHOICES] })
        .where(eq(organisations.id, organisation.id));
      for (const line of describe(await organisationOf(db, organisation.subdomain))) print(line);
      return;
    }
    default:
      throw new UsageError(ORG_SETTINGS_USAGE);
  }
};
