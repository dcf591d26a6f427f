import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberships, organisations, sessions, users } from '../db/schema';
import { FLOW_COOKIE, openFlow, sealFlow } from '../idp/flowCookie';
import { saveIdpSettings } from '../idp/settings';
import { startTestProvider, type TestProvider } from '../idp/testProvider';
import { createChannel, createOrganisation, createUser } from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

let t: TestApp;
let idp: TestProvider;
const REDIRECT = 'http://site.test/auth/okta/callback';
const CLIENTS = [
  { clientId: 'lit-client', clientSecret: 'lit-secret', redirectUris: [REDIRECT] },
  { clientId: 'other-client', clientSecret: 'other-secret', redirectUris: [REDIRECT] },
];
const ACCOUNTS = [
  { login: 'lena', email: 'lena@lit.example', name: 'Lena Lindner' },
  { login: 'stranger', email: 'stranger@elsewhere.example', name: 'Stranger' },
  { login: 'unverified', email: 'unverified@lit.example', name: 'Unverified', emailVerified: false },
];

beforeAll(async () => {
  t = await createTestApp();
  idp = await startTestProvider({ accounts: ACCOUNTS, clients: CLIENTS });
});
beforeEach(async () => {
  await t.reset();
  // ID tokens are stamped with this machine's time; the server's clock starts there too.
  t.clock.set(Date.now());
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

const organisation = async (subdomain: string, client = CLIENTS[0], options: { enabled?: boolean } = {}) => {
  const org = await createOrganisation(t.db, { subdomain });
  await createChannel(t.db, { organisationId: org.id });
  await saveIdpSettings(
    t.db,
    t.config,
    org.id,
    {
      provider: 'okta',
      issuer: idp.issuer,
      clientId: client?.clientId ?? '',
      clientSecret: client?.clientSecret ?? '',
      allowedDomains: ['lit.example'],
      enabled: options.enabled ?? true,
    },
    t.clock.now(),
  );
  return org;
};

const start = async (browser: TestClient, subdomain: string) => {
  const answer = await browser.get('/auth/okta/start', { query: { organisation: subdomain } });
  expect(answer.status).toBe(302);
  return answer.headers.get('location') ?? '';
};

const callback = async (browser: TestClient, url: URL) => {
  const answer = await browser.get(url.pathname + url.search);
  expect(answer.status).toBe(302);
  return answer.headers.get('location') ?? '';
};

const errorOf = (type: string) => `http://site.test/auth/okta/error?type=${type}`;
const SUCCESS = 'http://site.test/auth/okta/success';
const sessionCount = async () => (await t.db.select({ n: count() }).from(sessions))[0]?.n;

describe('identity-provider sign-in', () => {
  it('signs a new person in as a member of the organisation, with a session like a password login', async () => {
    const lit = await organisation('lit');
    const browser = t.client();
    const authorization = new URL(await start(browser, 'lit'));
    expect(authorization.origin).toBe(idp.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(browser.cookies.get(FLOW_COOKIE)).toBeTruthy();

    const back = await idp.signIn(authorization.href, 'lena');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    const answer = await browser.get(back.pathname + back.search);
    expect(answer.headers.get('location')).toBe(SUCCESS);
    const sessionCookie = answer.setCookies.find((line) => line.startsWith('session='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(browser.cookies.has(FLOW_COOKIE)).toBe(false);

    const me = await browser.get<{ email: string }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('lena@lit.example');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'lena@lit.example'));
    expect(user?.screenName).toBe('Lena Lindner');
    expect(user?.confirmedAt).not.toBeNull();
    const member = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, user?.id ?? 0));
    expect(member).toEqual([expect.objectContaining({ organisationId: lit.id, roleId: 8 })]);
  });

  it('signs an existing person in without asking our own two-factor, and rotates the session', async () => {
    await organisation('lit');
    await createUser(t.db, { email: 'Lena@lit.example', totpSecret: 'JBSWY3DPEHPK3PXP' });
    const browser = t.client();
    browser.cookies.set('session', 'an-old-session');
    const back = await idp.signIn(await start(browser, 'lit'), 'lena');
    expect(await callback(browser, back)).toBe(SUCCESS);
    expect(browser.cookies.get('session')).not.toBe('an-old-session');
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await t.db.select({ n: count() }).from(users))[0]?.n).toBe(1);
  });

  it('refuses a wrong state: no session', async () => {
    await organisation('lit');
    const browser = t.client();
    const back = await idp.signIn(await start(browser, 'lit'), 'lena');
    back.searchParams.set('state', 'forged');
    expect(await callback(browser, back)).toBe(errorOf('unknown'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses a callback from a browser that did not start the flow (foreign state)', async () => {
    await organisation('lit');
    const back = await idp.signIn(await start(t.client(), 'lit'), 'lena');
    expect(await callback(t.client(), back)).toBe(errorOf('unknown'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses a replayed callback with its cookie, and a reused code in a new flow', async () => {
    await organisation('lit');
    const browser = t.client();
    const back = await idp.signIn(await start(browser, 'lit'), 'lena');
    const flowCookie = browser.cookies.get(FLOW_COOKIE) ?? '';
    expect(await callback(browser, back)).toBe(SUCCESS);

    const attacker = t.client();
    attacker.cookies.set(FLOW_COOKIE, flowCookie);
    expect(await callback(attacker, back)).toBe(errorOf('unknown'));

    // The same code under a fresh flow of the attacker's own: the provider will not exchange it twice.
    await start(attacker, 'lit');
    const flow = openFlow(t.config, attacker.cookies.get(FLOW_COOKIE) ?? '');
    const reused = new URL(back);
    reused.searchParams.set('state', flow?.state ?? '');
    expect(await callback(attacker, reused)).toBe(errorOf('invalid_auth_code'));
    expect((await attacker.get('/api/me')).status).toBe(401);
  });

  it('refuses an ID token with another nonce', async () => {
    await organisation('lit');
    const browser = t.client();
    const back = await idp.signIn(await start(browser, 'lit'), 'lena');
    const flow = openFlow(t.config, browser.cookies.get(FLOW_COOKIE) ?? '');
    if (!flow) throw new Error('no flow');
    browser.cookies.set(FLOW_COOKIE, sealFlow(t.config, { ...flow, nonce: 'another-nonce' }));
    expect(await callback(browser, back)).toBe(errorOf('unknown'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses an expired ID token', async () => {
    await organisation('lit');
    const browser = t.client();
    const back = await idp.signIn(await start(browser, 'lit'), 'lena');
    // Two hours on: the flow cookie would have lapsed too, so only the token's own expiry is looked at here.
    t.clock.advance(2 * 60 * 60 * 1000);
    const flow = openFlow(t.config, browser.cookies.get(FLOW_COOKIE) ?? '');
    if (!flow) throw new Error('no flow');
    browser.cookies.set(
      FLOW_COOKIE,
      sealFlow(t.config, { ...flow, expiresAt: t.clock.now().getTime() + 60_000 }),
    );
    expect(await callback(browser, back)).toBe(errorOf('unknown'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses a code issued to another client', async () => {
    await organisation('lit');
    await organisation('other', CLIENTS[1]);
    const browser = t.client();
    const foreign = await idp.signIn(await start(t.client(), 'other'), 'lena');
    await start(browser, 'lit');
    const flow = openFlow(t.config, browser.cookies.get(FLOW_COOKIE) ?? '');
    foreign.searchParams.set('state', flow?.state ?? '');
    expect(await callback(browser, foreign)).toBe(errorOf('invalid_auth_code'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses a disabled organisation, an unknown one, and one without settings', async () => {
    await organisation('lit', CLIENTS[0], { enabled: false });
    await createOrganisation(t.db, { subdomain: 'plain' });
    const browser = t.client();
    expect(await start(browser, 'lit')).toBe(errorOf('missing_organisation_credentials'));
    expect(await start(browser, 'plain')).toBe(errorOf('missing_organisation_credentials'));
    expect(await start(browser, 'nowhere')).toBe(errorOf('missing_organisation'));
    expect(await start(browser, '')).toBe(errorOf('missing_organisation'));
    expect(browser.cookies.has(FLOW_COOKIE)).toBe(false);
  });

  it('refuses the organisation’s settings once disabled between start and callback', async () => {
    const lit = await organisation('lit');
    const browser = t.client();
    const back = await idp.signIn(await start(browser, 'lit'), 'lena');
    await t.db.execute(
      sql`update identity_provider_settings set enabled = false where organisation_id = ${lit.id}`,
    );
    expect(await callback(browser, back)).toBe(errorOf('missing_organisation_credentials'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses an e-mail outside the allowed domains, and an unverified one', async () => {
    await organisation('lit');
    const browser = t.client();
    expect(await callback(browser, await idp.signIn(await start(browser, 'lit'), 'stranger'))).toBe(
      errorOf('banned_user'),
    );
    expect(await callback(browser, await idp.signIn(await start(browser, 'lit'), 'unverified'))).toBe(
      errorOf('unknown'),
    );
    expect(await sessionCount()).toBe(0);
    expect((await t.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
  });

  it('refuses a person with no channel to open', async () => {
    const bare = await createOrganisation(t.db, { subdomain: 'bare' });
    await saveIdpSettings(
      t.db,
      t.config,
      bare.id,
      {
        provider: 'okta',
        issuer: idp.issuer,
        clientId: 'lit-client',
        clientSecret: 'lit-secret',
        allowedDomains: [],
        enabled: true,
      },
      t.clock.now(),
    );
    const browser = t.client();
    expect(await callback(browser, await idp.signIn(await start(browser, 'bare'), 'lena'))).toBe(
      errorOf('no_channels'),
    );
    expect(await sessionCount()).toBe(0);
  });

  it('turns an error from the provider into invalid auth code', async () => {
    await organisation('lit');
    const browser = t.client();
    const authorization = new URL(await start(browser, 'lit'));
    const state = authorization.searchParams.get('state') ?? '';
    const answer = await browser.get('/auth/okta/callback', { query: { error: 'access_denied', state } });
    expect(answer.headers.get('location')).toBe(errorOf('invalid_auth_code'));
    expect(await sessionCount()).toBe(0);
  });

  it('refuses the other provider’s start for an organisation set to okta', async () => {
    await organisation('lit');
    const answer = await t.client().get('/auth/azure/start', { query: { organisation: 'lit' } });
    expect(answer.headers.get('location')).toBe(
      'http://site.test/auth/azure/error?type=missing_organisation_credentials',
    );
  });

  it('sends “sign in with your organisation” to the provider the organisation has set, or back to /login saying it has none', async () => {
    await organisation('lit');
    await createOrganisation(t.db, { subdomain: 'plain' });
    const go = async (subdomain: string) =>
      (await t.client().get('/auth/organisation/start', { query: { organisation: subdomain } })).headers.get(
        'location',
      );
    // Back to /login with what was typed and the spec 8 type: no provider's error page, none was chosen.
    const backToLogin = (typed: string, type: string) =>
      `http://site.test/login?${new URLSearchParams({ organisation: typed, organisationError: type })}`;
    expect(await go('plain')).toBe(backToLogin('plain', 'missing_organisation_credentials'));
    expect(await go('nowhere')).toBe(backToLogin('nowhere', 'missing_organisation'));
    expect(await go(' ')).toBe(backToLogin(' ', 'missing_organisation'));
  });

  // CSP form-action governs every redirect of the form's submission: the form's navigation must end on our origin
  // (docs/decisions/security.md: Sign in with your organisation ends on our origin).
  it('answers a found organisation with a page on our origin that moves on to its provider’s start', async () => {
    await organisation('lit');
    const answer = await t
      .client()
      .get<string>('/auth/organisation/start', { query: { organisation: 'LIT' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    const target = '/auth/okta/start?organisation=lit';
    expect(answer.body).toContain(`<meta http-equiv="refresh" content="0; url=${target}">`);
    expect(answer.body).toContain(`<a href="${target}">${new URL(idp.issuer).host}</a>`);
    expect(answer.body).not.toMatch(/<script|style=/i);
    // The organisation's name above the link; without a logo, no image (docs/decisions/product.md: Organisation
    // branding comes from its data).
    const [lit] = await t.db.select().from(organisations).where(eq(organisations.subdomain, 'lit'));
    expect(answer.body).toContain(`<main><p><strong>${lit?.name}</strong></p>`);
    expect(answer.body).not.toContain('<img');
  });

  it('shows the organisation’s logo from our origin on that page once it has one', async () => {
    const org = await organisation('logo');
    await t.db
      .update(organisations)
      .set({ logoVersion: '0123456789abcdef' })
      .where(eq(organisations.id, org.id));
    const answer = await t
      .client()
      .get<string>('/auth/organisation/start', { query: { organisation: 'logo' } });
    expect(answer.body).toMatch(
      /<p><img src="http:\/\/[^"]+\/api\/organisations\/logo\/logo\?v=0123456789abcdef" alt="" width="48" height="48"> <strong>/,
    );
  });

  it('escapes what it puts into that page', async () => {
    const org = await createOrganisation(t.db, { subdomain: 'esc', name: 'Esc <b>"' });
    await createChannel(t.db, { organisationId: org.id });
    const hostile = `${idp.issuer}/"><script>alert(1)</script>`;
    await saveIdpSettings(
      t.db,
      t.config,
      org.id,
      {
        provider: 'okta',
        issuer: hostile,
        clientId: 'c',
        clientSecret: 's',
        allowedDomains: [],
        enabled: true,
      },
      t.clock.now(),
    );
    const answer = await t
      .client()
      .get<string>('/auth/organisation/start', { query: { organisation: 'esc' } });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('<script');
    expect(answer.body).not.toContain('"><');
    expect(answer.body).toContain('<strong>Esc &#60;b&#62;&#34;</strong>');
  });

  it('does not hand an existing account to an organisation that names no allowed domains', async () => {
    const open = await createOrganisation(t.db, { subdomain: 'open' });
    await createChannel(t.db, { organisationId: open.id });
    await saveIdpSettings(
      t.db,
      t.config,
      open.id,
      {
        provider: 'okta',
        issuer: idp.issuer,
        clientId: 'lit-client',
        clientSecret: 'lit-secret',
        allowedDomains: [],
        enabled: true,
      },
      t.clock.now(),
    );
    await createUser(t.db, { email: 'lena@lit.example' });
    const browser = t.client();
    expect(await callback(browser, await idp.signIn(await start(browser, 'open'), 'lena'))).toBe(
      errorOf('banned_user'),
    );
    expect(await sessionCount()).toBe(0);
  });
});
