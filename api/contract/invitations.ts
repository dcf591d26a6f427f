/**
 * POST /api/invitations (ours; spec 6: a channel admin invites someone into the channel with one role). The
 * invitee's link only travels in the invitation mail, so the answer never carries a token.
 */
import * as v from 'valibot';
import {
  EmailSchema,
  fromDateWire,
  fromIdWire,
  IdWire,
  IsoDateWire,
  rowIdOf,
  SignUpNameSchema,
  toDateWire,
  VALIDATION_CODES,
} from './common';
import { INVITE_ROLES } from './limits';

export type InviteRole = (typeof INVITE_ROLES)[number];

/** A channel id as it arrives: a row id (number or digits), anything else a field error. */
const ChannelIdWire = v.pipe(
  IdWire,
  v.check((id) => rowIdOf(id) !== undefined, VALIDATION_CODES.type),
);

export const CreateInvitationRequestWire = v.object({
  channelId: ChannelIdWire,
  email: EmailSchema,
  /** spec 6 invite role choices; nothing above a channel admin. */
  role: v.picklist(INVITE_ROLES, VALIDATION_CODES.only),
  /** How the mail greets the invitee and what the sign-up form starts with; the address's name part when left out. */
  screenName: v.optional(SignUpNameSchema),
});
export type CreateInvitationRequestWire = v.InferOutput<typeof CreateInvitationRequestWire>;

export interface CreateInvitationInput {
  channelId: string;
  email: string;
  role: InviteRole;
  screenName?: string;
}
export const toCreateInvitationRequestWire = (input: CreateInvitationInput): CreateInvitationRequestWire => ({
  channelId: input.channelId,
  email: input.email,
  role: input.role,
  ...(input.screenName !== undefined && { screenName: input.screenName }),
});

/** 201 answer: what was made, never the token. */
export const CreateInvitationAnswerWire = v.object({
  id: IdWire,
  channelId: IdWire,
  email: v.string(),
  role: v.picklist(INVITE_ROLES),
  expires: IsoDateWire,
});
export type CreateInvitationAnswerWire = v.InferOutput<typeof CreateInvitationAnswerWire>;

/** A sent invitation as the app sees it. */
export interface SentInvitation {
  id: string;
  channelId: string;
  email: string;
  role: InviteRole;
  expires: Date;
}
export const fromCreateInvitationAnswerWire = (wire: CreateInvitationAnswerWire): SentInvitation => ({
  id: fromIdWire(wire.id),
  channelId: fromIdWire(wire.channelId),
  email: wire.email,
  role: wire.role,
  expires: fromDateWire(wire.expires),
});
export const toCreateInvitationAnswerWire = (invitation: SentInvitation): CreateInvitationAnswerWire => ({
  id: invitation.id,
  channelId: invitation.channelId,
  email: invitation.email,
  role: invitation.role,
  expires: toDateWire(invitation.expires),
});
