/**
 * What the operators' organisation commands share (`npm run terms`, `npm run brand`, `npm run idp`:
 * server/terms/command.ts, server/brand/command.ts, server/idp/command.ts): the refusal of a wrong call (its script prints the usage after it), the context a
 * command runs in, and the reading of a required option and of the organisation it names.
 */
import type { Database } from '../db/client';
import { findOrganisation } from '../places';

export class UsageError extends Error {}

export interface OperatorCommandContext {
  db: Database;
  now: Date;
  print: (line: string) => void;
}

/** A required option's value, trimmed; refused when absent or blank. */
export const required = (values: Record<string, unknown>, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
};

/** The organisation of a subdomain; refused when there is none. */
export const organisationOf = async (db: Database, subdomain: string) => {
  const organisation = await findOrganisation(db, subdomain);
  if (!organisation) throw new UsageError(`no organisation with subdomain ${subdomain}`);
  return organisation;
};
