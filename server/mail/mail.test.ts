import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../api/contract/limits';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/testApp';
import { BODY_NOT_KEPT, forgetMailBodies, sendMail } from './send';
import { renderMail } from './templates';

const invitation = {
  link: 'http://site.test/register?token=abc&x=1',
  screenName: 'Ada',
  inviterName: 'Grace <script>',
  organisationName: 'Lit',
  channelName: 'News',
  reader: true,
};

describe('renderMail', () => {
  it('writes English and German', () => {
    expect(renderMail('confirm', { link: 'http://l.test/c', screenName: 'Ada' }, 'en-US').subject).toBe(
      'Please confirm your e-mail address',
    );
    expect(renderMail('confirm', { link: 'http://l.test/c', screenName: 'Ada' }, 'de-DE').subject).toBe(
      'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    );
  });

  it('writes every mail in each of the six locales, with the link in both parts', () => {
    const english = renderMail('magic', { link: 'http://l.test/m', screenName: 'Ada' }, 'en-US');
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const mail = renderMail('magic', { link: 'http://l.test/m', screenName: 'Ada' }, locale);
      subjects.add(mail.subject);
      expect(mail.text).toContain('http://l.test/m');
      expect(mail.html).toContain(`lang="${locale.slice(0, 2)}"`);
      if (locale !== 'en-US') expect(mail.text).not.toBe(english.text);
    }
    expect(subjects.size).toBe(LOCALES.length);
  });

  it('counts days in the grammar of the language', () => {
    const welcome = { link: 'http://l.test/w', screenName: 'Ada', organisationName: 'Lit' };
    expect(renderMail('welcomeSetPassword', { ...welcome, days: 7 }, 'ru-RU').text).toContain('7 дней');
    expect(renderMail('welcomeSetPassword', { ...welcome, days: 1 }, 'ru-RU').text).toContain('1 дня');
    expect(renderMail('welcomeSetPassword', { ...welcome, days: 21 }, 'ro-RO').text).toContain('21 de zile');
  });

  it('has reader and editor wording for invitations', () => {
    expect(renderMail('invitation', invitation, 'en-US').text).toContain('invites you to read News of Lit');
    expect(renderMail('invitation', { ...invitation, reader: false }, 'de-DE').text).toContain(
      'Inhalte für News von Lit zu erstellen',
    );
  });

  it('escapes variables in HTML and keeps the link in both parts', () => {
    const mail = renderMail('invitation', invitation, 'en-US');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Grace &#60;script&#62;');
    expect(mail.html).toContain('href="http://site.test/register?token=abc&#38;x=1"');
    expect(mail.text).toContain('http://site.test/register?token=abc&x=1');
  });

  it('carries the inviter’s own words when given', () => {
    expect(renderMail('invitation', { ...invitation, message: 'See you there!' }, 'en-US').text).toContain(
      'See you there!',
    );
  });
});

describe('sendMail', () => {
  let t: TestApp;
  let failing = false;
  beforeAll(async () => {
    t = await createTestApp({
      mailer: {
        deliver: async () => {
          if (failing) throw new Error('SMTP 550 mailbox unavailable');
        },
      },
    });
  });
  beforeEach(async () => {
    failing = false;
    await t.reset();
  });
  afterAll(() => t.close());

  it('writes every mail to the outbox', async () => {
    await sendMail(
      t.deps,
      'a@example.com',
      'reset',
      { link: 'http://site.test/r', screenName: 'A' },
      'de-DE',
    );
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      to: 'a@example.com',
      template: 'reset',
      locale: 'de-DE',
      deliveryError: null,
    });
  });

  it('keeps the body, link included, where the dev mailbox reads it (demo mode)', async () => {
    await sendMail(
      t.deps,
      'a@example.com',
      'reset',
      { link: 'http://site.test/r?token=live', screenName: 'A' },
      'en-US',
    );
    const [row] = await t.db.select().from(mailOutbox);
    expect(row?.text).toContain('http://site.test/r?token=live');
  });

  it('blanks the bodies kept before when the server starts without the dev mailbox', async () => {
    // Mails kept in demo mode (or by an older version) carry live links.
    await sendMail(
      t.deps,
      'a@example.com',
      'magic',
      { link: 'http://site.test/m?token=old-live', screenName: 'A' },
      'en-US',
    );
    await sendMail(
      t.deps,
      'b@example.com',
      'confirm',
      { link: 'http://site.test/c?token=old-live-2', screenName: 'B' },
      'en-US',
    );
    expect(JSON.stringify(await t.db.select().from(mailOutbox))).toContain('old-live');
    expect(await forgetMailBodies(t.db)).toBe(2);
    const rows = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((row) => [row.to, row.template, row.text, row.html])).toEqual([
      ['a@example.com', 'magic', BODY_NOT_KEPT, BODY_NOT_KEPT],
      ['b@example.com', 'confirm', BODY_NOT_KEPT, BODY_NOT_KEPT],
    ]);
    expect(JSON.stringify(rows)).not.toContain('old-live');
    expect(await forgetMailBodies(t.db)).toBe(0);
  });

  it('keeps no usable link at rest without the dev mailbox (production)', async () => {
    const production = { ...t.deps, config: { ...t.deps.config, mailbox: false, production: true } };
    const delivered: string[] = [];
    const deps = {
      ...production,
      mailer: { deliver: async (mail: { text: string }) => void delivered.push(mail.text) },
    };
    await sendMail(
      deps,
      'a@example.com',
      'reset',
      { link: 'http://site.test/r?token=live', screenName: 'A' },
      'en-US',
    );
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      to: 'a@example.com',
      template: 'reset',
      text: BODY_NOT_KEPT,
      html: BODY_NOT_KEPT,
    });
    expect(JSON.stringify(row)).not.toContain('token=live');
    // The user still gets the link.
    expect(delivered[0]).toContain('http://site.test/r?token=live');
  });

  it('keeps the mail and records the error when delivery fails, without throwing', async () => {
    failing = true;
    await expect(
      sendMail(t.deps, 'a@example.com', 'reset', { link: 'http://site.test/r', screenName: 'A' }, 'en-US'),
    ).resolves.toBeUndefined();
    const [row] = await t.db.select().from(mailOutbox);
    expect(row?.deliveryError).toBe('SMTP 550 mailbox unavailable');
  });
});
