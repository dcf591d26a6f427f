/** The user's channels and organisations (spec 7). */
import { callApi } from './client';
import {
  type Channel,
  ChannelsAnswerWire,
  CreateChannelAnswerWire,
  type CreateChannelInput,
  CreateOrganisationAnswerWire,
  type CreateOrganisationInput,
  fromChannelsAnswerWire,
  fromChannelWire,
  fromOrganisationsAnswerWire,
  fromOrganisationWire,
  type Organisation,
  type OrganisationList,
  OrganisationsAnswerWire,
  toCreateChannelRequestWire,
  toCreateOrganisationRequestWire,
} from './contract';

export const getChannels = async (): Promise<Channel[]> =>
  fromChannelsAnswerWire(await callApi('getChannels', {}, ChannelsAnswerWire));

export const createChannel = async (input: CreateChannelInput): Promise<Channel> =>
  fromChannelWire(
    await callApi('createChannel', { json: toCreateChannelRequestWire(input) }, CreateChannelAnswerWire),
  );

export const getOrganisations = async (): Promise<OrganisationList> =>
  fromOrganisationsAnswerWire(await callApi('getOrganisations', {}, OrganisationsAnswerWire));

export const createOrganisation = async (input: CreateOrganisationInput): Promise<Organisation> =>
  fromOrganisationWire(
    await callApi(
      'createOrganisation',
      { json: toCreateOrganisationRequestWire(input) },
      CreateOrganisationAnswerWire,
    ),
  );
