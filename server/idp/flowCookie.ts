/**
 * What binds a sign-in's callback to the browser that started it: PKCE verifier, state and nonce, the
 * organisation and provider, sealed (AES-256-GCM, so neither readable nor forgeable) in a short-lived httpOnly
 * cookie scoped to /auth/. Each flow id is accepted once: a replayed callback is refused even with its cookie.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ServerConfig } from '../config';
import { openOrNull, seal } from '../security/sealing';
import { keyRingOf } from '../security/serverKey';
import type { IdpProvider } from './settings';

export const FLOW_COOKIE = 'idp_flow';
/** Long enough to sign in at the provider, short enough that a forgotten tab's cookie is soon useless. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
const CONTEXT = 'idp-flow-cookie';

export interface Flow {
  id: string;
  provider: IdpProvider;
  organisation: string;
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

type KeyConfig = Pick<ServerConfig, 'production' | 'secretKeys'>;

/** Sealed under the server key; its own associated data keeps it apart from every stored secret. */
export const sealFlow = (config: KeyConfig, flow: Flow): string =>
  seal(keyRingOf(config), JSON.stringify(flow), CONTEXT);

export const openFlow = (config: KeyConfig, sealed: string): Flow | null => {
  const opened = openOrNull(keyRingOf(config), sealed, CONTEXT);
  return opened === null ? null : (JSON.parse(opened) as Flow);
};

export const setFlowCookie = (c: Context, config: ServerConfig, flow: Flow): void => {
  setCookie(c, FLOW_COOKIE, sealFlow(config, flow), {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET, which carries it; cross-site subrequests do not.
    sameSite: 'Lax',
    secure: config.secureCookies,
    path: '/auth/',
    maxAge: Math.floor(FLOW_TTL_MS / 1000),
  });
};

/** The flow the request's cookie carries (and the cookie cleared), or null. */
export const takeFlowCookie = (c: Context, config: ServerConfig): Flow | null => {
  const sealed = getCookie(c, FLOW_COOKIE);
  if (!sealed) return null;
  deleteCookie(c, FLOW_COOKIE, { path: '/auth/', secure: config.secureCookies });
  return openFlow(config, sealed);
};

/** Flow ids already used, until they would have expired anyway (per server; the code is single-use too). */
export class UsedFlows {
  private readonly used = new Map<string, number>();

  /** True the first time a flow id is presented before its expiry; false afterwards. */
  claim(flow: Flow, now: number): boolean {
    for (const [id, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(id);
    if (flow.expiresAt <= now || this.used.has(flow.id)) return false;
    this.used.set(flow.id, flow.expiresAt);
    return true;
  }
}
