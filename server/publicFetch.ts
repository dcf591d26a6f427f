/**
 * What the listening server answers with (server/main.ts): the host check first (server/http/hostCheck.ts), so
 * that nothing behind it, neither the demo OpenID provider under /idp-demo nor the app, sees a request sent to
 * another host; then the demo provider (demo mode only), then the app.
 */
import type { HttpBindings } from '@hono/node-server';
import type { ServerConfig } from './config';
import { withHostCheck } from './http/hostCheck';
import { withDemoProvider } from './idp/demoProvider';

export const publicFetch = <F extends (request: Request, env: HttpBindings) => unknown>(
  config: ServerConfig,
  appFetch: F,
): F => withHostCheck<HttpBindings, F>(config, withDemoProvider(config, appFetch));
