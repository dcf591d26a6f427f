import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CreateInvitationAnswerWire,
  CreateInvitationRequestWire,
  fromCreateInvitationAnswerWire,
  type SentInvitation,
  toCreateInvitationAnswerWire,
  toCreateInvitationRequestWire,
} from './invitations';

const pathsOfIssues = (value: unknown) =>
  (v.safeParse(CreateInvitationRequestWire, value).issues ?? []).map((issue) => v.getDotPath(issue));

describe('POST /api/invitations body', () => {
  const valid = { channelId: 7, email: ' ivy@example.com ', role: 'editor' };

  it('takes a row id as number or digits, an address (trimmed), an invite role and an optional name', () => {
    expect(v.parse(CreateInvitationRequestWire, valid)).toEqual({ ...valid, email: 'ivy@example.com' });
    expect(
      v.parse(CreateInvitationRequestWire, { ...valid, channelId: '7', screenName: ' Ivy ' }),
    ).toMatchObject({
      channelId: '7',
      screenName: 'Ivy',
    });
    expect(toCreateInvitationRequestWire({ channelId: '7', email: 'a@b.co', role: 'reader' })).toEqual({
      channelId: '7',
      email: 'a@b.co',
      role: 'reader',
    });
  });

  it.each([
    ['channelId', { ...valid, channelId: 0 }],
    ['channelId', { ...valid, channelId: '2147483648' }],
    ['channelId', { ...valid, channelId: '1e3' }],
    ['role', { ...valid, role: 'owner' }],
    ['role', { ...valid, role: 'staff-access' }],
    ['email', { ...valid, email: 'a@b.co\nBcc: c@d.co' }],
    ['screenName', { ...valid, screenName: '' }],
  ])('refuses a bad %s', (path, body) => {
    expect(pathsOfIssues(body)).toContain(path);
  });
});

describe('POST /api/invitations answer', () => {
  it('maps to the app and back', () => {
    const sent: SentInvitation = {
      id: '3',
      channelId: '7',
      email: 'ivy@example.com',
      role: 'admin',
      expires: new Date('2026-02-01T00:00:00.000Z'),
    };
    const wire = toCreateInvitationAnswerWire(sent);
    expect(v.parse(CreateInvitationAnswerWire, wire)).toEqual(wire);
    expect(fromCreateInvitationAnswerWire(wire)).toEqual(sent);
  });
});
