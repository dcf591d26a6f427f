import type { HttpBindings } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/testApp';
import { withDemoProvider } from './demoProvider';

const appFetch = async (_request: Request, _env: HttpBindings) => new Response('app');

describe('the demo OpenID provider', () => {
  it('is never mounted in production, nor outside demo mode', () => {
    const production = testConfig({ production: true, demo: true, idp: { demoProvider: true } });
    expect(withDemoProvider(production, appFetch)).toBe(appFetch);
    expect(withDemoProvider(testConfig({ demo: false, idp: { demoProvider: true } }), appFetch)).toBe(
      appFetch,
    );
  });

  it('answers its own path in demo mode and leaves every other path to the app', async () => {
    const fetch = withDemoProvider(testConfig({ demo: true, idp: { demoProvider: true } }), appFetch);
    expect(fetch).not.toBe(appFetch);
    const other = await fetch(new Request('http://site.test/auth/okta/start'), {} as never);
    expect(await (other as Response).text()).toBe('app');
  });
});
