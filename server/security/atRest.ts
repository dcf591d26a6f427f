/**
 * What the start does for secrets at rest (server/main.ts, primary process only, before any worker serves;
 * docs/decisions/security.md: Server key and rotation). Idempotent, no schema change:
 * - TOTP secrets kept in the clear by an older version are sealed for their row (totpSecrets.ts);
 * - sealed values under a previous key (or the identity-provider format before key ids) are resealed under the
 *   current key;
 * - recovery codes kept as plain sha-256 are keyed (recoveryCodes.ts keyLegacyRecoveryCodes).
 * Recovery codes under a previous key cannot be rehashed without the code: they are counted, so the operator knows
 * when that key may go. Each row is written with a conditional UPDATE on its old value, so a row changed in the
 * meantime is left as it now is.
 */
import { and, asc, eq, gt, isNotNull, like, not, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { identityProviderSettings, invitations, users } from '../db/schema';
import { secretContext } from '../idp/secretBox';
import { serverLog } from '../ops/logger';
import { keyLegacyRecoveryCodes, recoveryCodesUnderPreviousKeys } from './recoveryCodes';
import { isSealed, open, seal } from './sealing';
import type { KeyRing } from './serverKey';
import { type TotpColumn, totpContext } from './totpSecrets';

const PAGE = 500;

interface StoredValue {
  id: number;
  value: string;
  /** The associated data the value is sealed with. */
  context: string;
}

/** One column of sealed values: how to read a page of rows not sealed under the current key, how to write one. */
interface SealedColumn {
  name: string;
  /** Plain values are secrets an older version stored in the clear (TOTP); elsewhere a plain value is broken. */
  plainAllowed: boolean;
  page: (afterId: number, notCurrent: (column: PgColumn) => SQL | undefined) => Promise<StoredValue[]>;
  write: (id: number, old: string, sealed: string) => Promise<unknown>;
}

const totpColumns = (db: Database): SealedColumn[] => {
  const userColumn = (name: TotpColumn, field: 'totpSecret' | 'totpPendingSecret'): SealedColumn => {
    const column = users[field];
    return {
      name,
      plainAllowed: true,
      page: async (afterId: number, notCurrent: (column: PgColumn) => SQL | undefined) => {
        const rows = await db
          .select({ id: users.id, value: column })
          .from(users)
          .where(and(gt(users.id, afterId), isNotNull(column), notCurrent(column)))
          .orderBy(asc(users.id))
          .limit(PAGE);
        return rows.map((row) => ({
          id: row.id,
          value: row.value ?? '',
          context: totpContext(name, row.id),
        }));
      },
      write: (id: number, old: string, sealed: string) =>
        db
          .update(users)
          .set(field === 'totpSecret' ? { totpSecret: sealed } : { totpPendingSecret: sealed })
          .where(and(eq(users.id, id), eq(column, old))),
    };
  };
  const invitationColumn: TotpColumn = 'invitations.totp_pending_secret';
  return [
    userColumn('users.totp_secret', 'totpSecret'),
    userColumn('users.totp_pending_secret', 'totpPendingSecret'),
    {
      name: invitationColumn,
      plainAllowed: true,
      page: async (afterId, notCurrent) => {
        const rows = await db
          .select({ id: invitations.id, value: invitations.totpPendingSecret })
          .from(invitations)
          .where(
            and(
              gt(invitations.id, afterId),
              isNotNull(invitations.totpPendingSecret),
              notCurrent(invitations.totpPendingSecret),
            ),
          )
          .orderBy(asc(invitations.id))
          .limit(PAGE);
        return rows.map((row) => ({
          id: row.id,
          value: row.value ?? '',
          context: totpContext(invitationColumn, row.id),
        }));
      },
      write: (id, old, sealed) =>
        db
          .update(invitations)
          .set({ totpPendingSecret: sealed })
          .where(and(eq(invitations.id, id), eq(invitations.totpPendingSecret, old))),
    },
  ];
};

const clientSecretColumn = (db: Database): SealedColumn => ({
  name: 'identity_provider_settings.client_secret_sealed',
  plainAllowed: false,
  page: async (afterId, notCurrent) => {
    const rows = await db
      .select({
        id: identityProviderSettings.id,
        value: identityProviderSettings.clientSecretSealed,
        organisationId: identityProviderSettings.organisationId,
        provider: identityProviderSettings.provider,
      })
      .from(identityProviderSettings)
      .where(
        and(
          gt(identityProviderSettings.id, afterId),
          notCurrent(identityProviderSettings.clientSecretSealed),
        ),
      )
      .orderBy(asc(identityProviderSettings.id))
      .limit(PAGE);
    return rows.map((row) => ({
      id: row.id,
      value: row.value,
      context: secretContext(row.organisationId, row.provider),
    }));
  },
  write: (id, old, sealed) =>
    db
      .update(identityProviderSettings)
      .set({ clientSecretSealed: sealed })
      .where(and(eq(identityProviderSettings.id, id), eq(identityProviderSettings.clientSecretSealed, old))),
});

export interface ColumnReport {
  /** Plain values now sealed. */
  sealed: number;
  /** Values under a previous key or format now under the current key. */
  resealed: number;
  /** Values no configured key opens for their row: left as they are, and refused when used. */
  unopenable: number;
}

export interface AtRestReport {
  columns: Record<string, ColumnReport>;
  /** Recovery codes kept as plain sha-256, now keyed. */
  recoveryCodesKeyed: number;
  /** Unused recovery codes still under each previous key. */
  recoveryCodesUnderPreviousKeys: { keyId: string; unused: number }[];
}

const sealColumn = async (ring: KeyRing, column: SealedColumn): Promise<ColumnReport> => {
  const report: ColumnReport = { sealed: 0, resealed: 0, unopenable: 0 };
  // Values not sealed under the current key: plain ones, older keys, older formats.
  const notCurrent = (stored: PgColumn) => not(like(stored, `v2.${ring.current.id}.%`));
  let afterId = 0;
  for (;;) {
    const rows = await column.page(afterId, notCurrent);
    for (const row of rows) {
      if (!isSealed(row.value)) {
        if (!column.plainAllowed) report.unopenable += 1;
        else {
          await column.write(row.id, row.value, seal(ring, row.value, row.context));
          report.sealed += 1;
        }
        continue;
      }
      try {
        const { value } = open(ring, row.value, row.context);
        await column.write(row.id, row.value, seal(ring, value, row.context));
        report.resealed += 1;
      } catch {
        report.unopenable += 1;
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return report;
    afterId = last.id;
  }
};

/** Seals, reseals and keys what an older version or an older key left (see the file's comment). */
export const sealSecretsAtRest = async (db: Database, ring: KeyRing): Promise<AtRestReport> => {
  const columns: Record<string, ColumnReport> = {};
  for (const column of [...totpColumns(db), clientSecretColumn(db)])
    columns[column.name] = await sealColumn(ring, column);
  return {
    columns,
    recoveryCodesKeyed: await keyLegacyRecoveryCodes(db, ring),
    recoveryCodesUnderPreviousKeys: await recoveryCodesUnderPreviousKeys(db, ring),
  };
};

/** The report as log lines; none when there was nothing to do. */
export const describeAtRestReport = (report: AtRestReport): string[] => {
  const lines: string[] = [];
  for (const [name, { sealed, resealed, unopenable }] of Object.entries(report.columns)) {
    if (sealed) lines.push(`${name}: sealed ${sealed} value(s) kept in the clear`);
    if (resealed) lines.push(`${name}: resealed ${resealed} value(s) under the current key`);
    if (unopenable)
      lines.push(`${name}: ${unopenable} value(s) open with no configured key (refused when used)`);
  }
  if (report.recoveryCodesKeyed)
    lines.push(`recovery_codes: keyed ${report.recoveryCodesKeyed} code hash(es) kept as plain sha-256`);
  for (const { keyId, unused } of report.recoveryCodesUnderPreviousKeys) {
    if (unused)
      lines.push(
        `recovery_codes: ${unused} unused code(s) still under previous key ${keyId}; they stop working when it leaves SECRET_KEYS_PREVIOUS`,
      );
  }
  return lines;
};

/** The start's step (main.ts, primary only): seal what needs it and say what was done. */
export const sealSecretsAtStart = async (
  db: Database,
  ring: KeyRing,
  log: (line: string) => void = (line) => serverLog().info({ event: 'secrets_at_rest' }, line),
): Promise<void> => {
  for (const line of describeAtRestReport(await sealSecretsAtRest(db, ring))) log(line);
};
