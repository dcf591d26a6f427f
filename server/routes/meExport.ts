/**
 * Your data to take away (docs/decisions/security.md: Your data to take away): POST /api/me/export answers the
 * signed-in account's data as a JSON download, behind a recent step-up of this session, rate-limited as the other
 * security calls. Every field is picked by name: nothing secret (password hash, tokens or their hashes, TOTP
 * secrets, recovery codes, session ids or their hashes, passkeys' keys) can slip in with a new column. Each list
 * holds at most EXPORT_MAX_ROWS rows, newest first, so the file stays bounded.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { API_PATHS } from '../../api/contract/paths';
import {
  type AccountExportWire,
  EXPORT_FILE_NAME,
  EXPORT_MAX_ROWS,
  type SecurityActivityKind,
  type SignInMethod,
} from '../../api/contract/securityActivity';
import {
  channels,
  memberships,
  organisations,
  passkeys,
  rememberedDevices,
  securityActivity,
  sessions,
} from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { roleName } from '../places';
import { rateLimit } from '../rateLimit';
import { requireStepUp } from '../security/stepUp';
import { authenticated } from '../sessions';
import { describeUserAgent } from '../userAgent';

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export const meExportRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const limited = rateLimit(deps.rateLimiter, 'accountSecurity', config.trustProxy);
  return new Hono<AppEnv>().post(
    API_PATHS.exportAccountData.path,
    limited,
    authenticated(deps),
    async (c) => {
      await requireStepUp(deps, c.var.sessionIdHash);
      const user = c.var.user;
      const now = clock.now();
      const nowAt = sql`${now.toISOString()}::timestamptz`;
      const [organisationRows, channelRows, sessionRows, passkeyRows, deviceRows, activityRows] =
        await Promise.all([
          db
            .select({
              name: organisations.name,
              subdomain: organisations.subdomain,
              roleId: memberships.roleId,
              since: memberships.createdAt,
            })
            .from(memberships)
            .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
            .where(eq(memberships.userId, user.id))
            .orderBy(desc(memberships.createdAt))
            .limit(EXPORT_MAX_ROWS),
          db
            .select({
              name: channels.name,
              subdomain: channels.subdomain,
              organisation: organisations.subdomain,
              roleId: memberships.roleId,
              since: memberships.createdAt,
            })
            .from(memberships)
            .innerJoin(channels, eq(channels.id, memberships.channelId))
            .innerJoin(organisations, eq(organisations.id, channels.organisationId))
            .where(eq(memberships.userId, user.id))
            .orderBy(desc(memberships.createdAt))
            .limit(EXPORT_MAX_ROWS),
          db
            .select({
              idHash: sessions.idHash,
              userAgent: sessions.userAgent,
              createdAt: sessions.createdAt,
              lastSeenAt: sessions.lastSeenAt,
            })
            .from(sessions)
            .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, nowAt)))
            .orderBy(desc(sessions.createdAt))
            .limit(EXPORT_MAX_ROWS),
          db
            .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
            .from(passkeys)
            .where(eq(passkeys.userId, user.id))
            .orderBy(desc(passkeys.createdAt))
            .limit(EXPORT_MAX_ROWS),
          db
            .select({
              userAgent: rememberedDevices.userAgent,
              createdAt: rememberedDevices.createdAt,
              expiresAt: rememberedDevices.expiresAt,
            })
            .from(rememberedDevices)
            .where(
              and(
                eq(rememberedDevices.userId, user.id),
                eq(rememberedDevices.credentialEpoch, user.credentialEpoch),
                gt(rememberedDevices.expiresAt, nowAt),
              ),
            )
            .orderBy(desc(rememberedDevices.createdAt))
            .limit(EXPORT_MAX_ROWS),
          db
            .select({
              kind: securityActivity.kind,
              method: securityActivity.method,
              userAgent: securityActivity.userAgent,
              at: securityActivity.at,
            })
            .from(securityActivity)
            .where(eq(securityActivity.userId, user.id))
            .orderBy(desc(securityActivity.at), desc(securityActivity.id))
            .limit(EXPORT_MAX_ROWS),
        ]);
      const answer: AccountExportWire = {
        exportedAt: now.toISOString(),
        profile: {
          email: user.email,
          screenName: user.screenName,
          locale: user.locale,
          phone: user.phone,
          position: user.position,
          department: user.department,
          bio: user.bio,
          location: (user.location as Record<string, string> | null) ?? null,
          links: (user.links as Record<string, string> | null) ?? null,
          confirmedAt: iso(user.confirmedAt),
          createdAt: user.createdAt.toISOString(),
          twoFactorEnabled: user.twoFactorEnabled,
          twoFactorSince: iso(user.twoFactorSince),
        },
        organisations: organisationRows.map((row) => ({
          name: row.name,
          subdomain: row.subdomain,
          role: roleName(row.roleId),
          since: row.since.toISOString(),
        })),
        channels: channelRows.map((row) => ({
          name: row.name,
          subdomain: row.subdomain,
          organisation: row.organisation,
          role: roleName(row.roleId),
          since: row.since.toISOString(),
        })),
        sessions: sessionRows.map((row) => ({
          ...describeUserAgent(row.userAgent),
          createdAt: row.createdAt.toISOString(),
          lastSeen: (row.lastSeenAt ?? row.createdAt).toISOString(),
          current: row.idHash === c.var.sessionIdHash,
        })),
        passkeys: passkeyRows.map((row) => ({
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: iso(row.lastUsedAt),
        })),
        rememberedDevices: deviceRows.map((row) => ({
          ...describeUserAgent(row.userAgent),
          rememberedAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
        securityActivity: activityRows.map((row) => ({
          kind: row.kind as SecurityActivityKind,
          method: row.method as SignInMethod | null,
          ...describeUserAgent(row.userAgent),
          at: row.at.toISOString(),
        })),
      };
      c.header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    },
  );
};
