/**
 * The server tests' identity provider: a local oidc-provider on an ephemeral port of this machine, and a
 * stand-in browser for its pages (its own cookie jar, redirects followed by hand) that signs a person in and
 * hands back the callback URL the provider sent them to.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration } from 'oidc-provider';
import { createLocalProvider, type LocalAccount, type LocalClient } from './localProvider';

export interface TestProvider {
  issuer: string;
  /** Follows the provider's pages from an authorization URL, signs in as `login`, returns the callback URL. */
  signIn: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
}

export const startTestProvider = async (options: {
  accounts: LocalAccount[];
  clients: LocalClient[];
  extra?: Configuration;
}): Promise<TestProvider> => {
  let server: Server | undefined;
  const listening = await new Promise<number>((resolve) => {
    server = createServer((req, res) => handler(req, res));
    server.listen(0, '127.0.0.1', () => resolve((server?.address() as AddressInfo).port));
  });
  const issuer = `http://127.0.0.1:${listening}`;
  const provider = createLocalProvider(issuer, options);
  const handler = provider.callback();

  const signIn = async (authorizationUrl: string, login: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const call = async (url: string, init: RequestInit = {}) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...init.headers, cookie },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    };
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (!url.startsWith(issuer)) return new URL(url);
      const response = await call(url);
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      // The development login form: POST the login (any password) back to the interaction.
      await response.text();
      const form = await call(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      const next = form.headers.get('location');
      if (!next) throw new Error(`the provider's login form answered ${form.status}`);
      url = new URL(next, url).href;
    }
    throw new Error('too many redirects at the provider');
  };

  return {
    issuer,
    signIn,
    close: () => new Promise((resolve) => server?.close(() => resolve())),
  };
};
