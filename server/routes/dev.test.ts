import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { DEV_MAILBOX_PATH, linksOf } from './dev';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

interface Entry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

describe('GET /api/dev/mailbox', () => {
  it('lists the mails to an address, newest first, with their links', async () => {
    const { email } = await createUser(t.db, { email: 'Reader@Example.com' });
    await t.client().post(API_PATHS.forgotPassword.path, { email });
    t.clock.advance(1000);
    await t.client().post(API_PATHS.forgotPassword.path, { email, generateMagicLink: true });
    const response = await t.client().get<Entry[]>(DEV_MAILBOX_PATH, { query: { to: 'reader@example.com' } });
    expect(response.status).toBe(200);
    expect(response.body.map((mail) => mail.subject)).toEqual(['Your sign-in link', 'Reset your password']);
    const [magic, reset] = response.body;
    expect(magic?.to).toBe('Reader@Example.com');
    expect(magic?.links).toHaveLength(1);
    expect(magic?.links[0]).toMatch(/^http:\/\/site\.test\/me\?magicLinkToken=/);
    expect(reset?.links[0]).toMatch(/^http:\/\/site\.test\/forgot_password_set\?token=/);
    expect(magic?.html).toContain('<a href=');
    expect(Date.parse(magic?.sentAt ?? '')).toBe(t.clock.now().getTime());
  });

  it('answers [] for an address without mail, and a FieldValidationError without one', async () => {
    expect((await t.client().get(DEV_MAILBOX_PATH, { query: { to: 'none@example.com' } })).body).toEqual([]);
    const missing = await t.client().get(DEV_MAILBOX_PATH);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ name: 'FieldValidationError', errors: [{ path: 'to' }] });
  });

  it('is absent when the mailbox is off', async () => {
    const closed = await createTestApp({ config: { mailbox: false } });
    try {
      expect((await closed.client().get(DEV_MAILBOX_PATH, { query: { to: 'a@example.com' } })).status).toBe(
        404,
      );
    } finally {
      await closed.close();
    }
  });
});

describe('linksOf', () => {
  it('finds every URL once, decoding HTML entities', () => {
    expect(
      linksOf(
        'Go to https://a.test/x?y=1&z=2 or http://b.test.',
        '<a href="https://a.test/x?y=1&#38;z=2">x</a> <a href="https://c.test/">c</a>',
      ),
    ).toEqual(['https://a.test/x?y=1&z=2', 'http://b.test', 'https://c.test/']);
  });
});
