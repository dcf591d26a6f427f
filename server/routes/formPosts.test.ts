/**
 * The pages' own form posts (docs/decisions/product.md: Forms that work before their scripts): the same schema,
 * service, limits and lockout as the JSON calls, an answer that is a page, and only from this site's own pages
 * (docs/decisions/security.md: Form posts from the site's own pages). The page is drawn by a stand-in renderer that
 * prints what it was given; the real drawing runs in Chromium (test/e2e/formPosts.e2e.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { PAGE_POSTED_ID } from '../../api/contract/postedForm';
import { serveSite } from '../site';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { formPostAnswers } from './formPosts';

const INDEX = `<!doctype html><html lang="en"><head><title>site</title></head><body><div id="root"></div></body></html>`;
const RENDERER = `export async function renderFirstScreen({ path, posted }) {
  return '<form method="post"><h1>' + path + ' ' + (posted ? posted.outcome : 'none') + '</h1></form>';
}`;
const SITE = 'http://site.test';

let t: TestApp;
let root: string;
const start = async (rateLimits: TestApp['config']['rateLimits'] = null) => {
  t = await createTestApp({ config: { rateLimits } });
  serveSite(t.app, path.join(root, 'dist'), {
    production: false,
    site: { origin: SITE, platformHost: 'platform.test' },
    formPosts: formPostAnswers(t.deps),
  });
};
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'form-posts-'));
  mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX);
  writeFileSync(path.join(root, 'dist-ssr', 'firstScreen.js'), RENDERER);
  await start();
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => t.reset());

/** A form post as a browser sends it from the page: urlencoded, with the page's Origin. */
const post = (page: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.request(page, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The answer the page carries for its app. */
const postedIn = (html: string) => {
  const found = new RegExp(`<script type="application/json" id="${PAGE_POSTED_ID}">(.*?)</script>`).exec(
    html,
  );
  return found ? JSON.parse(found[1] ?? '') : undefined;
};

describe('the login form sent before its scripts ran', () => {
  it('starts the session and goes on to /me (303) for a right password without second factor', async () => {
    const { email } = await createUser(t.db);
    const answer = await post('/login', { email, password: DEFAULT_PASSWORD });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/me');
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await t.app.request(API_PATHS.getMe.path, { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(me.status).toBe(200);
  });

  it('answers a wrong password with the page: the typed e-mail, the refusal, never the password, not kept', async () => {
    const { email } = await createUser(t.db);
    const answer = await post('/login', { email, password: 'not the password' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const html = await answer.text();
    expect(html).toContain('<h1>/login refused</h1>');
    // Live at once: the drawn form posts again.
    expect(html).toContain('<div id="root"><form');
    expect(postedIn(html)).toEqual({
      email,
      outcome: 'refused',
      status: 401,
      body: { code: 'unknown_credential_error' },
    });
    expect(html).not.toContain('not the password');
  });

  it('refuses an e-mail the schema refuses, with the field error of the JSON call', async () => {
    const answer = await post('/login', { email: 'no-at-sign', password: 'x' });
    expect(answer.status).toBe(400);
    const { body } = postedIn(await answer.text());
    expect(body.name).toBe('FieldValidationError');
    expect(body.errors[0].path).toBe('email');
  });

  it('says a code is needed for a two-factor account, with no secret and no session', async () => {
    const { email } = await createUser(t.db, { totpSecret: true });
    const answer = await post('/login', { email, password: DEFAULT_PASSWORD, otp: '000000' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(postedIn(await answer.text())).toEqual({ email, outcome: 'codeNeeded' });
  });

  it('counts towards the lockout like the JSON call: the 11th wrong password is refused as locked', async () => {
    const { email } = await createUser(t.db);
    for (let i = 0; i < 10; i += 1) await post('/login', { email, password: `wrong ${i}` });
    const answer = await post('/login', { email, password: DEFAULT_PASSWORD });
    expect(answer.status).toBe(423);
    expect(postedIn(await answer.text()).body.code).toBe('account_locked_error');
  });
});

describe('the forgot-password and magic-link forms sent before their scripts ran', () => {
  it('sends the reset link and answers the page with the mail sent', async () => {
    const { email } = await createUser(t.db);
    const answer = await post('/forgot_password', { email });
    expect(answer.status).toBe(200);
    expect(postedIn(await answer.text())).toEqual({ email, outcome: 'sent' });
    expect((await t.mailbox(email))[0]?.template).toBe('reset');
  });

  it('sends a magic link from the magic-link page (and its no-brand twin)', async () => {
    const { email } = await createUser(t.db);
    expect((await post('/forgot_password_magic', { email })).status).toBe(200);
    expect((await t.mailbox(email))[0]?.template).toBe('magic');
    expect((await post('/auth/forgot_password_magic/nobrand', { email })).status).toBe(200);
    expect((await t.mailbox(email)).map((mail) => mail.template)).toEqual(['magic', 'magic']);
  });

  it('answers an unknown address with the refusal under the e-mail, the address kept', async () => {
    const email = uniqueEmail('nobody');
    const answer = await post('/forgot_password', { email });
    expect(answer.status).toBe(404);
    expect(postedIn(await answer.text())).toMatchObject({ email, body: { code: 'email_not_found_error' } });
  });
});

describe('form posts only from the site itself', () => {
  it.each<[string, Record<string, string>]>([
    ['another origin', { origin: 'https://evil.example' }],
    ['the null origin', { origin: 'null' }],
    ['http for the https site', { origin: 'https://site.test' }],
    ['no Origin and no Sec-Fetch-Site', { origin: '' }],
    ['no Origin, cross-site', { origin: '', 'sec-fetch-site': 'cross-site' }],
    ['its Origin, but cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a post from %s (403), before any check or mail', async (_name, headers) => {
    const { email } = await createUser(t.db);
    const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
    const request = (page: string, fields: Record<string, string>) =>
      t.app.request(page, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(headers.origin === '' ? {} : { origin: SITE }),
          ...clean,
        },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await request('/login', { email, password: DEFAULT_PASSWORD })).status).toBe(403);
    expect((await request('/forgot_password', { email })).status).toBe(403);
    expect(await t.mailbox(email)).toEqual([]);
  });

  it('takes a post without Origin from its own page by Sec-Fetch-Site', async () => {
    const { email } = await createUser(t.db);
    const answer = await t.app.request('/forgot_password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(answer.status).toBe(200);
  });

  it('takes only a urlencoded form of a few fields, and no other page', async () => {
    const { email } = await createUser(t.db);
    expect((await post('/login', {}, { 'content-type': 'application/json' })).status).toBe(415);
    expect((await post('/login', {}, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('/login', { email, password: 'x'.repeat(9000) })).status).toBe(413);
    expect((await post('/register', { email })).status).toBe(404);
  });
});

describe('the same rate limits as the JSON calls', () => {
  it('shares the forgot-password limit with POST /api/forgot_password, answering 429 with Retry-After', async () => {
    await t.close();
    await start({ forgotPassword: { max: 2, windowMs: 60_000 } } as TestApp['config']['rateLimits']);
    const { email } = await createUser(t.db);
    await t.app.request(API_PATHS.forgotPassword.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ email }),
    });
    expect((await post('/forgot_password', { email })).status).toBe(200);
    const limited = await post('/forgot_password', { email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(postedIn(await limited.text()).body.code).toBe('rate_limited_error');
  });
});
