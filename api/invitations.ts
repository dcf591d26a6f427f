/** Invitations into a channel (ours, spec 6): a channel admin invites someone; the invitee gets the mail. */
import { callApi } from './client';
import {
  CreateInvitationAnswerWire,
  type CreateInvitationInput,
  fromCreateInvitationAnswerWire,
  type SentInvitation,
  toCreateInvitationRequestWire,
} from './contract';

export const createInvitation = async (input: CreateInvitationInput): Promise<SentInvitation> =>
  fromCreateInvitationAnswerWire(
    await callApi(
      'createInvitation',
      { json: toCreateInvitationRequestWire(input) },
      CreateInvitationAnswerWire,
    ),
  );
