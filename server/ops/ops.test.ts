/**
 * Operating it (README): the health probes, the request log and its request id, the security events, the metrics
 * and who may read them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { createApp } from '../app';
import type { ServerConfig } from '../config';
import { companyEmployees } from '../db/schema';
import { createInvitation } from '../invitations';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { serveSite } from '../site';
import { type CapturedLog, captureLog } from '../test/capturedLog';
import {
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  signedInUser,
} from '../test/fixtures';
import { metricValue } from '../test/metrics';
import { createTestApp, type TestApp, TestClient } from '../test/testApp';
import { metricsAccess } from './opsRoutes';

let t: TestApp;
let log: CapturedLog;

beforeAll(async () => {
  // Rate limits on, as in production: the probes must never meet them.
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
});
beforeEach(async () => {
  await t.reset();
  log = captureLog();
});
afterEach(() => log.restore());
afterAll(() => t.close());

/** The same app on the same database with other settings (cheaper than a second test app). */
const withConfig = (overrides: Partial<ServerConfig>) =>
  createApp({ ...t.deps, config: { ...t.config, ...overrides } });

describe('health probes', () => {
  it('live and ready answer 200, unauthenticated, never rate-limited, not in the log at the default level', async () => {
    const client = t.client();
    for (let round = 0; round < 40; round += 1) {
      expect((await client.get('/health/live')).status).toBe(200);
      const ready = await client.get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready' });
    }
    expect(log.lines().filter((line) => String(line.route).startsWith('/health'))).toEqual([]);
  });

  it('ready answers 503 with the reason when a migration is not applied', async () => {
    await t.db.execute(sql`create temporary table kept as select * from drizzle.__drizzle_migrations`);
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    try {
      const answer = await t.client().get<{ code: string; message: string }>('/health/ready');
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('unknown_server_error');
      expect(answer.body.message).toMatch(/^not ready: migrations: \d+ of \d+ applied$/);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations select * from kept on conflict do nothing`,
      );
      await t.db.execute(sql`drop table kept`);
    }
    expect((await t.client().get('/health/ready')).status).toBe(200);
  });
});

describe('request log', () => {
  it('one JSON line per request: request id (sent back), route pattern, status, duration; no e-mail, password or cookie', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const client = t.client();
    const login = await client.post(API_PATHS.login.path, { email: user.email, pwd: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
    await client.get('/api/me');
    const id = login.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const line = log.lines().find((entry) => entry.requestId === id && entry.msg === 'request');
    expect(line).toMatchObject({ method: 'POST', route: '/api/login', status: 200, level: 30 });
    expect(typeof line?.ms).toBe('number');
    expect(log.lines().find((entry) => entry.route === '/api/me')).toMatchObject({ status: 200 });
    const text = JSON.stringify(log.lines());
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(DEFAULT_PASSWORD);
    expect(text).not.toContain('session=');
  });

  it('logs the route pattern, never the raw path (ids and tokens stay out)', async () => {
    await t.client().request('DELETE', '/api/images/12345');
    const line = log.lines().find((entry) => entry.method === 'DELETE');
    expect(line?.route).toBe('/api/images/:id');
    expect(JSON.stringify(log.lines())).not.toContain('12345');
  });

  it('names the API route also with the site served after the API, as server/main.ts does', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'ops-dist-'));
    writeFileSync(path.join(dist, 'index.html'), readFileSync('index.html'));
    const app = withConfig({});
    serveSite(app, dist);
    try {
      const user = await createUser(t.db, {}, t.clock.now());
      const client = new TestClient(app);
      await client.post(API_PATHS.login.path, { email: user.email, pwd: 'wrong password 1' });
      await client.request('DELETE', '/api/images/12345');
      await client.get('/login');
      const routes = log
        .lines()
        .filter((line) => line.msg === 'request')
        .map((line) => line.route);
      expect(routes).toEqual(['/api/login', '/api/images/:id', '(site)']);
      // The security events hang on the route: they are written with the site served too.
      expect(log.lines().filter((line) => line.event === 'login_failed')).toHaveLength(1);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('a benchmark can switch the layer off and on in one app (requestLayerOn), and nothing else changes', async () => {
    let on = false;
    const app = createApp(t.deps, { requestLayerOn: () => on });
    const off = await new TestClient(app).get('/health/live');
    expect(off.status).toBe(200);
    expect(off.headers.get('x-request-id')).toBeNull();
    on = true;
    expect((await new TestClient(app).get('/health/live')).headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{12}-[0-9a-z]+$/,
    );
  });

  it("takes the caller's X-Request-Id only behind a trusted proxy", async () => {
    const untrusted = await t.client({ 'X-Request-Id': 'from-outside-1' }).get('/health/live');
    expect(untrusted.headers.get('x-request-id')).not.toBe('from-outside-1');
    const trusting = withConfig({ trustProxy: true });
    const trusted = await new TestClient(trusting, { 'X-Request-Id': 'proxy-abc.123' }).get('/health/live');
    expect(trusted.headers.get('x-request-id')).toBe('proxy-abc.123');
    // Not an id shape (spaces, a line break): replaced, so it cannot forge log lines.
    const odd = await new TestClient(trusting, { 'X-Request-Id': 'a b' }).get('/health/live');
    expect(odd.headers.get('x-request-id')).not.toBe('a b');
  });

  it('security events are lines of their own: login failure, lockout', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const client = t.client();
    for (let attempt = 0; attempt < t.config.lockout.maxFailuresPerAddress; attempt += 1)
      await client.post(API_PATHS.login.path, { email: user.email, pwd: 'wrong password 1' });
    const failed = log.lines().filter((line) => line.event === 'login_failed');
    expect(failed.length).toBe(t.config.lockout.maxFailuresPerAddress);
    expect(failed[0]).toMatchObject({ method: 'password', outcome: 'wrong_credentials', level: 40 });
    expect(failed.at(-1)).toMatchObject({ outcome: 'locked' });
    expect(JSON.stringify(log.lines())).not.toContain('wrong password 1');
  });

  it('a lock begun is one lockout_started line and one count; checks that pass or fail short of it are none', async () => {
    const started = () => log.lines().filter((line) => line.event === 'lockout_started');
    const count = () => metricValue('account_lockouts_started_total', { stage: 'account' });
    const before = await count();
    // Checks that pass: a login with a one-time code and a step-up by password (both counted before they run).
    const withTwoFactor = await createUser(t.db, { totpSecret: true }, t.clock.now());
    const withCode = await t.client().post(API_PATHS.login.path, {
      email: withTwoFactor.email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, withTwoFactor.totpSecret ?? ''),
    });
    expect(withCode.status).toBe(200);
    const { client } = await signedInUser(t);
    t.clock.advance(60_000);
    const stepUp = await client.post(API_PATHS.stepUp.path, { pwd: DEFAULT_PASSWORD });
    expect(stepUp.status).toBe(200);
    expect(started()).toEqual([]);
    expect(await count()).toBe(before);
    // Failures short of the account's lock: none either. The lock itself: one line, one count, once.
    const strict = withConfig({ trustProxy: true, lockout: { ...t.config.lockout, maxFailures: 3 } });
    const victim = await createUser(t.db, {}, t.clock.now());
    const attempt = (from: string) =>
      strict.request(API_PATHS.login.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.siteUrl, 'x-forwarded-for': from },
        body: JSON.stringify({ email: victim.email, pwd: 'not the password' }),
      });
    expect((await attempt('192.0.2.1')).status).toBe(401);
    expect((await attempt('192.0.2.2')).status).toBe(401);
    expect(started()).toEqual([]);
    expect((await attempt('192.0.2.3')).status).toBe(423);
    for (const from of ['192.0.2.4', '192.0.2.5']) expect((await attempt(from)).status).toBe(423);
    expect(started()).toEqual([expect.objectContaining({ stage: 'account', level: 40 })]);
    expect(await count()).toBe(before + 1);
  });

  it('security events are lines of their own: a password changed by reset link and signed in', async () => {
    const { email, user, client } = await signedInUser(t);
    const changed = await client.post(API_PATHS.changePassword.path, { pwd: 'a brand new passphrase' });
    expect(changed.status).toBe(200);
    expect((await t.client().post(API_PATHS.forgotPassword.path, { email })).status).toBe(200);
    const token = new URL(await t.lastLink(email)).searchParams.get('token') ?? '';
    const reset = await t
      .client()
      .post(API_PATHS.setNewPassword.path, { pwd: 'another new passphrase' }, { query: { token } });
    expect(reset.status).toBe(200);
    const events = log.lines().filter((line) => line.event === 'password_changed');
    expect(events).toEqual([
      expect.objectContaining({ via: 'signed in', userId: user.id, level: 30 }),
      expect.objectContaining({ via: 'reset link', level: 30 }),
    ]);
    // Each beside its request's line, under the same request id.
    const requestIds = log
      .lines()
      .filter((line) => line.msg === 'request')
      .map((line) => line.requestId);
    for (const event of events) expect(requestIds).toContain(event.requestId);
    // A refused change is no event: a new password the rules refuse.
    await client.post(API_PATHS.changePassword.path, { pwd: 'abc' });
    expect(log.lines().filter((line) => line.event === 'password_changed')).toHaveLength(2);
    const text = JSON.stringify(log.lines());
    for (const secret of [email, token, 'a brand new passphrase', 'another new passphrase'])
      expect(text).not.toContain(secret);
  });

  it('security events are lines of their own: two-factor set up and recovery codes renewed', async () => {
    const { email, user, client } = await signedInUser(t);
    const before = {
      setUp: await metricValue('account_two_factor_changes_total', { change: 'set_up' }),
      renewed: await metricValue('account_two_factor_changes_total', { change: 'recovery_codes_renewed' }),
    };
    const { secret } = (await client.get<{ secret: string }>(API_PATHS.getTwoFactorSecret.path)).body;
    const wrong = currentCode(t, secret) === '000000' ? '111111' : '000000';
    expect((await client.post(API_PATHS.enableTwoFactor.path, { otp: wrong })).status).not.toBe(200);
    const enabled = await client.post(API_PATHS.enableTwoFactor.path, { otp: currentCode(t, secret) });
    expect(enabled.status).toBe(200);
    t.clock.advance(60_000);
    const renewed = await client.post(API_PATHS.regenerateRecoveryCodes.path, {
      otp: currentCode(t, secret),
    });
    expect(renewed.status).toBe(200);
    expect(log.lines().filter((line) => line.event === 'two_factor_changed')).toEqual([
      expect.objectContaining({ change: 'set_up', userId: user.id, level: 30 }),
      expect.objectContaining({ change: 'recovery_codes_renewed', userId: user.id, level: 30 }),
    ]);
    expect(await metricValue('account_two_factor_changes_total', { change: 'set_up' })).toBe(
      before.setUp + 1,
    );
    expect(await metricValue('account_two_factor_changes_total', { change: 'recovery_codes_renewed' })).toBe(
      before.renewed + 1,
    );
    const text = JSON.stringify(log.lines());
    for (const hidden of [email, secret]) expect(text).not.toContain(hidden);
  });
});

describe('metrics', () => {
  it('counts logins by outcome and requests by route pattern and status', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const before = {
      success: await metricValue('account_logins_total', { method: 'password', outcome: 'success' }),
      wrong: await metricValue('account_logins_total', {
        method: 'password',
        outcome: 'wrong_credentials',
      }),
      requests: await metricValue('http_requests_total', {
        method: 'POST',
        route: '/api/login',
        status: '401',
      }),
    };
    const client = t.client();
    await client.post(API_PATHS.login.path, { email: user.email, pwd: 'not it at all' });
    await client.post(API_PATHS.login.path, { email: user.email, pwd: DEFAULT_PASSWORD });
    expect(await metricValue('account_logins_total', { method: 'password', outcome: 'success' })).toBe(
      before.success + 1,
    );
    expect(
      await metricValue('account_logins_total', {
        method: 'password',
        outcome: 'wrong_credentials',
      }),
    ).toBe(before.wrong + 1);
    const statusOfWrong = String(
      (await t.client().post(API_PATHS.login.path, { email: user.email, pwd: 'nope nope' })).status,
    );
    expect(statusOfWrong).toBe('401');
    expect(
      await metricValue('http_requests_total', { method: 'POST', route: '/api/login', status: '401' }),
    ).toBe(before.requests + 2);
  });

  it('counts sign-ups by kind: curator, invitation, company (company page and company id)', async () => {
    const kinds = ['curator', 'invitation', 'company'] as const;
    const before = Object.fromEntries(
      await Promise.all(
        kinds.map(async (kind) => [kind, await metricValue('account_sign_ups_total', { kind })]),
      ),
    );
    const organisation = await createOrganisation(t.db, { subdomain: 'lit', name: 'Lit' });
    const channel = await createChannel(t.db, {
      organisationId: organisation.id,
      subdomain: 'sales',
      name: 'Sales',
    });
    await t.db.insert(companyEmployees).values([
      { organisationId: organisation.id, firstName: 'Paula', lastName: 'Papier', companyId: 'PU-1' },
      { organisationId: organisation.id, firstName: 'Lena', lastName: 'Licht', companyId: 'PU-2' },
    ]);
    const token = await createInvitation(t, {
      organisationId: organisation.id,
      channelId: channel.id,
      roleId: CHANNEL_ROLE_IDS.editor,
      email: 'ivy@example.com',
      screenName: 'Ivy Invitee',
      isReader: false,
      inviterId: null,
    });
    const register = API_PATHS.registerCurator.path;
    const answers = [
      await t.client().post(register, {
        email: 'casey@example.com',
        pwd: 'secret-5',
        screenName: 'Casey Curator',
        channelName: 'Morning News',
        subdomain: 'morning_news',
      }),
      await t
        .client()
        .post(register, { token, email: 'ivy@example.com', pwd: 'secret-5', screenName: 'Ivy I.' }),
      await t.client().post(API_PATHS.registerCompanyPage.path, {
        organisationSubdomain: 'lit',
        userCompanyId: 'PU-1',
        userLastName: 'Papier',
        email: 'paula@example.com',
      }),
      // The company-id sign-up: its checking steps count nothing, its last step one account.
      await t
        .client()
        .post(API_PATHS.checkCompanyId.path, { step: 'organisationSubdomain', organisationSubdomain: 'lit' }),
      await t.client().post(API_PATHS.checkCompanyId.path, {
        step: 'all',
        organisationSubdomain: 'lit',
        companyId: 'PU-2',
        lastName: 'Licht',
        email: 'lena@example.com',
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // Refused: no account, nothing counted.
    expect((await t.client().post(register, { email: 'casey@example.com' })).status).toBe(400);
    expect(await metricValue('account_sign_ups_total', { kind: 'curator' })).toBe(before.curator + 1);
    expect(await metricValue('account_sign_ups_total', { kind: 'invitation' })).toBe(before.invitation + 1);
    expect(await metricValue('account_sign_ups_total', { kind: 'company' })).toBe(before.company + 2);
  });

  it('GET /metrics answers the Prometheus text with the documented names', async () => {
    const answer = await t.client().get<string>('/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'account_logins_total',
      'account_lockouts_started_total',
      'account_two_factor_changes_total',
      'account_sign_ups_total',
      'mail_deliveries_total',
      'argon2_verifications_in_flight',
      'argon2_verification_duration_seconds',
      'db_pool_connections',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(answer.body).toContain(`# TYPE ${name} `);
    // Labels are patterns: no raw path from earlier tests.
    expect(answer.body).not.toContain('/api/images/12345');
  });

  it('production: off without METRICS_TOKEN, only with the bearer token when set', async () => {
    expect(metricsAccess({ production: true }, undefined)).toBe('off');
    expect(metricsAccess({ production: false }, undefined)).toBe('open');
    const config = { production: true, metricsToken: 'a-long-metrics-token' };
    expect(metricsAccess(config, 'Bearer a-long-metrics-token')).toBe('granted');
    expect(metricsAccess(config, 'Bearer a-long-metrics-tokem')).toBe('refused');
    expect(metricsAccess(config, undefined)).toBe('refused');
    const production = withConfig({ production: true, mailbox: false });
    expect((await new TestClient(production).get('/metrics')).status).toBe(404);
    const guarded = withConfig({ metricsToken: 'a-long-metrics-token' });
    expect((await new TestClient(guarded).get('/metrics')).status).toBe(401);
    const granted = await new TestClient(guarded, { Authorization: 'Bearer a-long-metrics-token' }).get(
      '/metrics',
    );
    expect(granted.status).toBe(200);
  });
});
