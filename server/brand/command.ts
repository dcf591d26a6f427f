/**
 * `npm run brand -- <show|list|set> ...` (scripts/brand.ts): an operator's way to give an organisation its display
 * name, logo and accent colour (spec 2 Register: 'Welcome to {name}' with the organisation logo). Kept apart from
 * the script so tests run it against a test database. Everything it stores passes the contract's schemas
 * (api/contract/branding.ts) and the logo check (./logo.ts); a refusal stores nothing.
 */
import { readFile as readFileFromDisk, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { asc, isNotNull, or } from 'drizzle-orm';
import { accentShades, LOGO_MAX_BYTES } from '../../api/contract/branding';
import { organisations } from '../db/schema';
import { type OperatorCommandContext, organisationOf, required, UsageError } from '../ops/operatorCommand';
import { type BrandChange, InvalidBrandError, saveOrganisationBrand, validAccent } from './organisationBrand';

/** Given for the accent or the logo: take it away (the site's colours; the initial instead of a logo). */
const NONE = 'none';

export const BRAND_USAGE = `Usage:
  npm run brand -- show --organisation <subdomain>
  npm run brand -- list
  npm run brand -- set --organisation <subdomain> [--name <display name>] [--logo <file.png|file.webp|${NONE}>]
                       [--accent <#rgb|#rrggbb|${NONE}>]
      (what is not given is kept; a logo is a PNG or WebP of at most ${LOGO_MAX_BYTES / 1024} KB, no SVG;
       '${NONE}' takes the logo or the accent away)`;

export { UsageError };
/** The context brand runs in: the database, the time, where its lines go. */
export type BrandCommandContext = OperatorCommandContext;

/** The logo file's bytes: a regular file no larger than a logo may be (never read whole when it is larger). */
const logoFile = async (path: string): Promise<Uint8Array> => {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`--logo: no file at ${path}`);
  if (info.size > LOGO_MAX_BYTES)
    throw new UsageError(
      `--logo: a logo is at most ${LOGO_MAX_BYTES / 1024} KB; ${path} is ${info.size} bytes`,
    );
  return new Uint8Array(await readFileFromDisk(path));
};

type Row = Pick<
  typeof organisations.$inferSelect,
  'subdomain' | 'name' | 'accent' | 'logoVersion' | 'brandSetAt'
>;

const describe = (row: Row): string[] => {
  const shades = row.accent ? accentShades(validAccent(row.accent)) : null;
  return [
    `${row.subdomain}: ${row.name}`,
    `  logo:   ${row.logoVersion ? `version ${row.logoVersion}` : 'none (the initial in the accent colour)'}`,
    `  accent: ${
      row.accent && shades
        ? `${row.accent} (drawn as ${shades.light} on light and ${shades.dark} on dark surfaces, 3:1 at least)`
        : "none (the site's colours)"
    }`,
    `  set by an operator: ${row.brandSetAt ? row.brandSetAt.toISOString() : 'never'}`,
  ];
};

export const runBrandCommand = async (argv: string[], context: BrandCommandContext): Promise<void> => {
  const [action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      organisation: { type: 'string' },
      name: { type: 'string' },
      logo: { type: 'string' },
      accent: { type: 'string' },
    },
    strict: true,
  });
  const { db, now, print } = context;
  switch (action) {
    case 'show': {
      for (const line of describe(await organisationOf(db, required(values, 'organisation')))) print(line);
      return;
    }
    case 'list': {
      const rows = await db
        .select()
        .from(organisations)
        .where(or(isNotNull(organisations.accent), isNotNull(organisations.logoVersion)))
        .orderBy(asc(organisations.subdomain));
      if (rows.length === 0)
        print('No organisation has a logo or an accent: every one shows its name and the site colours.');
      for (const row of rows) for (const line of describe(row)) print(line);
      return;
    }
    case 'set': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      if (values.name === undefined && values.logo === undefined && values.accent === undefined)
        throw new UsageError('set needs at least one of --name, --logo, --accent');
      const change: BrandChange = {};
      if (values.name !== undefined) change.name = values.name;
      if (values.accent !== undefined)
        change.accent = values.accent.trim().toLowerCase() === NONE ? null : values.accent;
      if (values.logo !== undefined)
        change.logo = values.logo.trim().toLowerCase() === NONE ? null : await logoFile(values.logo);
      try {
        await saveOrganisationBrand(db, organisation.id, change, now);
      } catch (error) {
        if (error instanceof InvalidBrandError) throw new UsageError(error.message);
        throw error;
      }
      for (const line of describe(await organisationOf(db, organisation.subdomain))) print(line);
      return;
    }
    default:
      throw new UsageError(BRAND_USAGE);
  }
};
