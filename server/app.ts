/**
 * The reference API (ARCHITECTURE.md 6): one Hono per resource in server/routes/, each registering the full
 * paths of api/contract/paths.ts, mounted on one app with the shared layers:
 * error shapes of spec 8, no caching of answers, a body size ceiling, and the same-origin check.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_PATHS } from '../api/contract/paths';
import { recoverFrom } from './db/client';
import type { AppDeps, AppEnv } from './deps';
import { API_PREFIX, notFound, onError } from './http/errorLayer';
import { firstLayer } from './http/firstLayer';
import { requireJsonBodies } from './http/jsonContentType';
import { sameOrigin } from './http/sameOrigin';
import { opsRoutes } from './ops/opsRoutes';
import { apiDocsRoutes } from './routes/apiDocs';
import { authRoutes } from './routes/auth';
import { companyRoutes } from './routes/company';
import { devRoutes } from './routes/dev';
import { identityProviderRoutes } from './routes/identityProviders';
import { imageRoutes } from './routes/images';
import { invitationRoutes } from './routes/invitations';
import { listRoutes } from './routes/lists';
import { meRoutes } from './routes/me';
import { meActivityRoutes } from './routes/meActivity';
import { meEmailRoutes } from './routes/meEmail';
import { meExportRoutes } from './routes/meExport';
import { mePasskeyRoutes } from './routes/mePasskeys';
import { meSecurityRoutes } from './routes/meSecurity';
import { meSessionsRoutes } from './routes/meSessions';
import { meStepUpPasskeyRoutes } from './routes/meStepUpPasskey';
import { isOrganisationLogoPath, organisationRoutes } from './routes/organisations';
import { passkeyLoginRoutes } from './routes/passkeyLogin';
import { passwordRoutes } from './routes/passwords';
import { recoveryReviewRoutes } from './routes/recoveryReview';
import { registrationRoutes } from './routes/registration';
import { resendConfirmationRoutes } from './routes/resendConfirmation';
import { translationRoutes } from './routes/translation';
import { twoFactorRoutes } from './routes/twoFactor';

export type { AppDeps, AppEnv } from './deps';

/** JSON bodies are small; uploads (their own route) set their own ceiling. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Every resource's routes. A new resource adds its factory here. */
const RESOURCES: ReadonlyArray<(deps: AppDeps) => Hono<AppEnv>> = [
  authRoutes,
  passwordRoutes,
  meRoutes,
  // The account-security centre (docs/decisions/security.md: Account-security centre).
  meSecurityRoutes,
  meEmailRoutes,
  meSessionsRoutes,
  // The account's recent security activity (docs/decisions/security.md: Security activity).
  meActivityRoutes,
  // The account's data to take away (docs/decisions/security.md: Your data to take away).
  meExportRoutes,
  // Passkeys (docs/decisions/security.md: Passkeys).
  mePasskeyRoutes,
  passkeyLoginRoutes,
  // The step-up by passkey (docs/decisions/security.md: Step-up).
  meStepUpPasskeyRoutes,
  // The review of the ways in after a recovery (docs/decisions/security.md: Recovery review).
  recoveryReviewRoutes,
  resendConfirmationRoutes,
  twoFactorRoutes,
  identityProviderRoutes,
  // Registration, company id, lists, images, translation (spec 7).
  registrationRoutes,
  companyRoutes,
  organisationRoutes,
  listRoutes,
  invitationRoutes,
  imageRoutes,
  translationRoutes,
];

export interface AppOptions {
  /**
   * The per-request log line, request id and request metrics (server/ops/requestLog.ts) run while this answers
   * true; always without it. A benchmark turns them off and on in one server to measure what they cost
   * (server/main.ts REQUEST_LAYER, scripts/benchOpsCost.ts).
   */
  requestLayerOn?: () => boolean;
}

export const createApp = (deps: AppDeps, { requestLayerOn }: AppOptions = {}): Hono<AppEnv> => {
  const app = new Hono<AppEnv>();
  // A lost database connection also replaces the pool (db/client.ts recoverFrom), so it is not used again.
  app.onError((error, c) => {
    recoverFrom(deps.db, error);
    return onError(error, c);
  });
  app.notFound(notFound);
  // Operating it (README): a request id, a log line and the request metrics for every request, with the headers
  // every API answer carries (no caching of answers, no sniffing) in the same first layer; then the health probes
  // and /metrics, ahead of the API's own layers.
  app.use(
    '*',
    firstLayer({
      apiHeaders: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
      trustProxy: deps.config.trustProxy,
      recording: requestLayerOn,
      ownCaching: isOrganisationLogoPath,
    }),
  );
  app.route('/', opsRoutes(deps.db, deps.config));

  const api = `${API_PREFIX}*`;
  app.use(
    api,
    sameOrigin({ allowedOrigins: deps.config.allowedOrigins, trustProxy: deps.config.trustProxy }),
  );
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES });
  app.use(api, (c, next) => (c.req.path === API_PATHS.uploadImage.path ? next() : jsonLimit(c, next)));
  // JSON calls take JSON only (http/jsonContentType.ts); the upload call takes multipart or raw bytes.
  app.use(
    api,
    requireJsonBodies((path) => path === API_PATHS.uploadImage.path),
  );

  for (const resource of RESOURCES) app.route('/', resource(deps));
  app.route('/', apiDocsRoutes(deps));
  if (deps.config.mailbox && !deps.config.production) app.route('/', devRoutes(deps));
  return app;
};
