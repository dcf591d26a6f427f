/**
 * The account's recent security activity (docs/decisions/security.md: Security activity): GET
 * /api/me/security-activity?page=N answers a page of the signed-in account's own rows, newest first. Nothing in the
 * request names an account: the session does.
 */
import { Hono } from 'hono';
import { API_PATHS } from '../../api/contract/paths';
import { SecurityActivityQueryWire } from '../../api/contract/securityActivity';
import type { AppDeps, AppEnv } from '../deps';
import { readQuery } from '../http/validate';
import { rateLimit } from '../rateLimit';
import { securityActivityPage } from '../security/securityActivity';
import { authenticated } from '../sessions';

export const meActivityRoutes = (deps: AppDeps) => {
  const limited = rateLimit(deps.rateLimiter, 'accountSecurity', deps.config.trustProxy);
  return new Hono<AppEnv>().get(
    API_PATHS.getSecurityActivity.path,
    limited,
    authenticated(deps),
    async (c) => {
      const { page = 1 } = readQuery(c, SecurityActivityQueryWire);
      return c.json(await securityActivityPage(deps.db, c.var.user.id, page));
    },
  );
};
