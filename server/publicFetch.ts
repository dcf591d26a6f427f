/**
 * What the listening server answers with (server/main.ts): the host check first (server/http/hostCheck.ts), so
 * that nothing behind it, neither the demo OpenID provider under /idp-demo nor the app, sees a request sent to
 * another host; then the demo provider (demo mode only), then the app.
 */
import type { HttpBindings } from '@hono/node-server';
import type { ServerConfig } from './config';
import { withHostCheck } from './http/hostCheck';

export const publicFetch = async <F extends (request: Request, env: HttpBindings) => unknown>(
  config: ServerConfig,
  appFetch: F,
): Promise<F> => {
  // Loaded only when it runs: production never loads the demo provider (nor oidc-provider and its warnings).
  const demo = !config.production && config.demo && config.idp?.demoProvider;
  const inner = demo ? (await import('./idp/demoProvider')).withDemoProvider(config, appFetch) : appFetch;
  return withHostCheck<HttpBindings, F>(config, inner);
};
