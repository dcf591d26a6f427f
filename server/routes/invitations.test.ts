import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { invitations, rateLimits } from '../db/schema';
import { RECIPIENT_MAIL_LIMITS } from '../mail/recipientLimit';
import {
  addChannelRole,
  addOrganisationRole,
  createChannel,
  createOrganisation,
  signedInUser,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { hashToken } from '../tokens';
import { INVITER_LIMITS } from './invitations';

const INVITE = API_PATHS.createInvitation.path;
const CHECK = API_PATHS.checkInvite.path;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** A signed-in admin of a fresh channel of a fresh organisation. */
const channelAdmin = async (fixture: Parameters<typeof signedInUser>[1] = {}) => {
  const admin = await signedInUser(t, { screenName: 'Ada Admin', ...fixture });
  const organisation = await createOrganisation(t.db, { name: 'Acme' });
  const channel = await createChannel(t.db, { organisationId: organisation.id, name: 'Acme News' });
  await addChannelRole(t.db, admin.user.id, channel.id, 'admin');
  return { ...admin, organisation, channel };
};

const tokenOfLink = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('POST /api/invitations', () => {
  it('lets a channel admin invite: 201 without the token, a hashed 14-day invitation, the mail with the link', async () => {
    const { client, channel, user } = await channelAdmin();
    const response = await client.post(INVITE, {
      channelId: channel.id,
      email: 'Ivy@Example.com',
      role: 'editor',
      screenName: 'Ivy',
    });
    expect(response.status).toBe(201);
    const [row] = await t.db.select().from(invitations);
    expect(response.body).toEqual({
      id: row?.id,
      channelId: channel.id,
      email: 'Ivy@Example.com',
      role: 'editor',
      expires: new Date(t.clock.now().getTime() + 14 * DAY).toISOString(),
    });
    expect(row).toMatchObject({ channelId: channel.id, roleId: 2, inviterId: user.id, isReader: false });

    const [mail] = await t.mailbox('ivy@example.com');
    expect(mail?.subject).toBe('Ada Admin invites you to Acme News');
    const link = mail?.links[0] ?? '';
    expect(new URL(link).pathname).toBe('/register');
    const token = tokenOfLink(link);
    // Only the hash is stored, and the answer carries no trace of the token.
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(response.body)).not.toContain(token);
    const check = await t.client().get(CHECK, { query: { token } });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      data: { channel: { name: 'Acme News' }, invitee: { screenName: 'Ivy' } },
    });
  });

  it("writes the mail in the inviter's language, reader wording for a reader, the address's name part when no name is given", async () => {
    const { client, channel } = await channelAdmin();
    const response = await client.post(
      INVITE,
      { channelId: String(channel.id), email: 'rita.reader@example.com', role: 'reader' },
      { headers: { 'accept-language': 'de-DE' } },
    );
    expect(response.status).toBe(201);
    const [mail] = await t.mailbox('rita.reader@example.com');
    expect(mail?.text).toContain('Hallo rita.reader');
    expect(mail?.subject).toContain('Acme News');
    const [row] = await t.db.select().from(invitations);
    expect(row).toMatchObject({ isReader: true, roleId: 5, screenName: 'rita.reader' });
  });

  it('answers 403 forbidden_error and stores nothing for an editor, a reader, a stranger, an organisation owner, another organisation, an unknown or archived channel, an unconfirmed admin', async () => {
    const { channel, organisation } = await channelAdmin();
    const attempts: Array<{
      label: string;
      client: Awaited<ReturnType<typeof signedInUser>>['client'];
      channelId: number;
    }> = [];
    for (const role of ['editor', 'editor-limited', 'staff-access', 'reader'] as const) {
      const member = await signedInUser(t);
      await addChannelRole(t.db, member.user.id, channel.id, role);
      attempts.push({ label: role, client: member.client, channelId: channel.id });
    }
    attempts.push({ label: 'stranger', client: (await signedInUser(t)).client, channelId: channel.id });
    const owner = await signedInUser(t);
    await addOrganisationRole(t.db, owner.user.id, organisation.id, 'owner');
    attempts.push({ label: 'organisation owner', client: owner.client, channelId: channel.id });
    const elsewhere = await channelAdmin();
    attempts.push({
      label: 'admin of another organisation',
      client: elsewhere.client,
      channelId: channel.id,
    });
    attempts.push({ label: 'unknown channel', client: elsewhere.client, channelId: 999_999 });
    const archived = await createChannel(t.db, { organisationId: elsewhere.organisation.id, archived: true });
    await addChannelRole(t.db, elsewhere.user.id, archived.id, 'admin');
    attempts.push({ label: 'archived channel', client: elsewhere.client, channelId: archived.id });
    const unconfirmed = await channelAdmin({ confirmed: false });
    attempts.push({
      label: 'unconfirmed admin',
      client: unconfirmed.client,
      channelId: unconfirmed.channel.id,
    });

    for (const { label, client, channelId } of attempts) {
      const response = await client.post(INVITE, { channelId, email: 'victim@example.com', role: 'admin' });
      expect(response.status, label).toBe(403);
      expect(response.body, label).toEqual({ code: 'forbidden_error' });
    }
    expect(await t.db.select().from(invitations)).toHaveLength(0);
    expect(await t.mailbox('victim@example.com')).toHaveLength(0);
  });

  it('answers 401 without a session and refuses a cross-origin call', async () => {
    const { client, channel } = await channelAdmin();
    const body = { channelId: channel.id, email: 'x@example.com', role: 'reader' };
    expect((await t.client().post(INVITE, body)).status).toBe(401);
    const crossSite = await client.post(INVITE, body, { headers: { origin: 'http://evil.test' } });
    expect(crossSite.status).toBe(403);
    expect(await t.db.select().from(invitations)).toHaveLength(0);
  });

  it('refuses roles outside the invite choices and hostile input with a FieldValidationError, mailing nobody', async () => {
    const { client, channel } = await channelAdmin();
    const valid = { channelId: channel.id, email: 'x@example.com', role: 'reader' };
    const hostile: Array<[string, Record<string, unknown>]> = [
      ['role', { ...valid, role: 'owner' }],
      ['role', { ...valid, role: 'team-member' }],
      ['role', { ...valid, role: 'staff-access' }],
      ['role', { ...valid, role: 1 }],
      ['email', { ...valid, email: 'x@example.com\r\nBcc: all@example.com' }],
      ['email', { ...valid, email: 'x@example.com, y@example.com' }],
      ['email', { ...valid, email: '<script>@example.com' }],
      ['email', { ...valid, email: `${'a'.repeat(300)}@example.com` }],
      ['email', { ...valid, email: 'not-an-address' }],
      ['email', { ...valid, email: ['x@example.com'] }],
      ['channelId', { ...valid, channelId: '2147483648' }],
      ['channelId', { ...valid, channelId: -1 }],
      ['channelId', { ...valid, channelId: `${channel.id} or 1=1` }],
      ['screenName', { ...valid, screenName: 'x'.repeat(500) }],
      ['screenName', { ...valid, screenName: 'a\u0000b' }],
    ];
    for (const [path, body] of hostile) {
      const response = await client.post(INVITE, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ name: 'FieldValidationError', errors: [{ path }] });
    }
    expect(await t.db.select().from(invitations)).toHaveLength(0);
    expect(t.delivered).toHaveLength(0);
  });

  it('escapes a hostile screen name in the mail', async () => {
    const { client, channel } = await channelAdmin();
    await client.post(INVITE, {
      channelId: channel.id,
      email: 'x@example.com',
      role: 'reader',
      screenName: '<img src=x onerror=alert(1)>',
    });
    const [mail] = await t.mailbox('x@example.com');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&#60;img');
  });

  it('ends the pending invitation of the same address to the same channel when it invites again', async () => {
    const { client, channel } = await channelAdmin();
    await client.post(INVITE, { channelId: channel.id, email: 'x@example.com', role: 'admin' });
    const first = tokenOfLink(await t.lastLink('x@example.com'));
    t.clock.advance(1000);
    await client.post(INVITE, { channelId: channel.id, email: 'X@example.com', role: 'reader' });
    const second = tokenOfLink(await t.lastLink('x@example.com'));
    expect((await t.client().get(CHECK, { query: { token: first } })).status).toBe(404);
    expect((await t.client().get(CHECK, { query: { token: second } })).body).toMatchObject({
      data: { user: { isReader: true } },
    });
  });

  it('mails one recipient at most the per-recipient limit, whoever invites; the rest answer 429 and store nothing', async () => {
    const max = RECIPIENT_MAIL_LIMITS[0]?.max ?? 0;
    const statuses: number[] = [];
    for (let n = 0; n <= max; n += 1) {
      const { client, channel } = await channelAdmin();
      statuses.push(
        (await client.post(INVITE, { channelId: channel.id, email: 'victim@example.com', role: 'reader' }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(max).fill(201), 429]);
    expect(await t.mailbox('victim@example.com')).toHaveLength(max);
    expect(await t.db.select().from(invitations)).toHaveLength(max);
    // Counted in the database under a hash: the address is nowhere in the table.
    const keys = (await t.db.select().from(rateLimits)).map((row) => row.key).join(' ');
    expect(keys).not.toContain('victim');
  });

  it('lets one inviter send at most the per-inviter limit in a window', async () => {
    const max = INVITER_LIMITS[0]?.max ?? 0;
    const { client, channel } = await channelAdmin();
    const statuses: number[] = [];
    for (let n = 0; n <= max; n += 1) {
      statuses.push(
        (await client.post(INVITE, { channelId: channel.id, email: `p${n}@example.com`, role: 'reader' }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(max).fill(201), 429]);
    expect(await t.db.select().from(invitations)).toHaveLength(max);
    t.clock.advance(INVITER_LIMITS[0]?.windowMs ?? 0);
    expect(
      (await client.post(INVITE, { channelId: channel.id, email: 'later@example.com', role: 'reader' }))
        .status,
    ).toBe(201);
  });
});
