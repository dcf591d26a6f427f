/**
 * An organisation's branding as the server keeps it (api/contract/branding.ts): the display name (organisations.name),
 * the accent (organisations.accent) and the logo (organisation_logos, its version on organisations.logo_version),
 * read into the answers that name the organisation and into the mails, written by `npm run brand` (./command.ts).
 * docs/decisions/product.md: Organisation branding comes from its data.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  AccentSchema,
  accentShades,
  apiLogoPath,
  BRAND_NAME_MAX,
  BrandNameSchema,
  type OrganisationBrand,
} from '../../api/contract/branding';
import type { Database } from '../db/client';
import { organisationLogos, organisations } from '../db/schema';
import { checkedLogo, InvalidLogoError } from './logo';

type BrandColumns = Pick<typeof organisations.$inferSelect, 'name' | 'subdomain' | 'accent' | 'logoVersion'>;

/**
 * The branding an answer or a mail carries for an organisation's row; `origin` is where the logo is fetched from
 * (the calling page's host for an answer, SITE_URL for a mail). A stored accent that fails the contract (a row
 * edited by hand) is answered as none: the site's own colours, never a broken style.
 */
export const brandOf = (row: BrandColumns, origin: string): OrganisationBrand => {
  const accent = row.accent === null ? null : v.safeParse(AccentSchema, row.accent);
  return {
    name: row.name,
    logoUrl:
      row.logoVersion && /^[0-9a-f]{16}$/.test(row.logoVersion)
        ? `${origin}${apiLogoPath(row.subdomain)}?v=${row.logoVersion}`
        : null,
    accent: accent?.success ? accentShades(accent.output) : null,
  };
};

export class InvalidBrandError extends Error {}

/** What an operator changes: what is left out is kept; null takes the accent or the logo away. */
export interface BrandChange {
  name?: string;
  accent?: string | null;
  logo?: Uint8Array | null;
}

export const validName = (given: string): string => {
  const parsed = v.safeParse(BrandNameSchema, given);
  if (parsed.success) return parsed.output;
  throw new InvalidBrandError(
    `--name must be 1 to ${BRAND_NAME_MAX} characters without control characters: ${JSON.stringify(given).slice(0, 90)}`,
  );
};

export const validAccent = (given: string): string => {
  const parsed = v.safeParse(AccentSchema, given);
  if (parsed.success) return parsed.output;
  throw new InvalidBrandError(
    `--accent must be a colour as #rgb or #rrggbb (for example #0a7): ${JSON.stringify(given).slice(0, 90)}`,
  );
};

const versionOf = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * Checks everything first (name, accent, logo), then stores it in one transaction, with when an operator set it.
 * Throws an InvalidBrandError naming the option and the rule; nothing is stored then.
 */
export const saveOrganisationBrand = async (
  db: Database,
  organisationId: number,
  change: BrandChange,
  now: Date,
  /** false for the demo seed: an operator has not set it, so the next start may seed it again. */
  byOperator = true,
): Promise<void> => {
  const name = change.name === undefined ? undefined : validName(change.name);
  const accent =
    change.accent === undefined || change.accent === null ? change.accent : validAccent(change.accent);
  let logo: ReturnType<typeof checkedLogo> | null | undefined;
  try {
    logo = change.logo === undefined || change.logo === null ? change.logo : checkedLogo(change.logo);
  } catch (error) {
    if (error instanceof InvalidLogoError) throw new InvalidBrandError(`--logo: ${error.message}`);
    throw error;
  }
  await db.transaction(async (tx) => {
    const version = logo ? versionOf(logo.bytes) : logo;
    if (logo && version) {
      const row = { mediaType: logo.type, content: logo.bytes, version, updatedAt: now };
      await tx
        .insert(organisationLogos)
        .values({ organisationId, ...row })
        .onConflictDoUpdate({ target: organisationLogos.organisationId, set: row });
    } else if (logo === null)
      await tx.delete(organisationLogos).where(eq(organisationLogos.organisationId, organisationId));
    await tx
      .update(organisations)
      .set({
        ...(name !== undefined && { name }),
        ...(accent !== undefined && { accent }),
        ...(version !== undefined && { logoVersion: version }),
        ...(byOperator && { brandSetAt: now }),
      })
      .where(eq(organisations.id, organisationId));
  });
};

/** An organisation's logo as served, or null (no such organisation, or no logo). */
export const readOrganisationLogo = async (db: Database, organisationId: number) => {
  const [logo] = await db
    .select({
      mediaType: organisationLogos.mediaType,
      content: organisationLogos.content,
      version: organisationLogos.version,
    })
    .from(organisationLogos)
    .where(eq(organisationLogos.organisationId, organisationId))
    .limit(1);
  return logo ?? null;
};

/**
 * The branding a mail about an organisation carries (logo addresses on `origin`, SITE_URL for a mail), or undefined
 * when there is no organisation or its row is gone: the mail then has the site's own look.
 */
export const readOrganisationBrand = async (
  db: Database,
  organisationId: number | null,
  origin: string,
): Promise<OrganisationBrand | undefined> => {
  if (organisationId === null) return undefined;
  const [row] = await db
    .select({
      name: organisations.name,
      subdomain: organisations.subdomain,
      accent: organisations.accent,
      logoVersion: organisations.logoVersion,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row ? brandOf(row, origin) : undefined;
};
