/** The lists model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */

import { SEARCH_MAX } from '../../api/contract/limits';
import type { Channel, Organisation } from '../../api/contract/lists';
import { lengthBoundaries, type ModelSamples, refusal } from '../../test/model/samples';
import type { listsMachine } from './lists.machine';

const day = new Date('2026-03-04T10:00:00Z');
const channel: Channel = {
  id: '1',
  name: 'Harbour News',
  subdomain: 'harbour',
  role: 'admin',
  ownerName: 'Ada',
  organisationName: 'Acme',
  created: day,
  updated: day,
  archived: false,
  url: 'https://harbour.example.test',
};
const organisation: Organisation = {
  id: '2',
  name: 'Acme',
  subdomain: 'acme',
  readersCount: 3,
  channelCount: 1,
  created: day,
};
const failure = refusal('unknown_server_error');

/**
 * spec 9 search at its edges: 1, 20 and 21 characters (no search is the start itself). Made of 'x', which matches no
 * row. The 21st character is typed too: the box is the limit (its maxLength keeps 20), judged on the screen.
 */
export const searchBoundaries = lengthBoundaries(1, SEARCH_MAX, { unit: 'x' });

export const listsSamples = {
  input: {},
  // Where the lists are (search, pages, orders, the mark) changes no state: left out, so the walk stays finite.
  serializeState: (snapshot) => {
    const { channels, organisations, baseOrganisationSubdomain, channelsError, organisationsError, openTab } =
      snapshot.context;
    const kept = {
      channels,
      organisations,
      baseOrganisationSubdomain,
      channelsError,
      organisationsError,
      openTab,
    };
    return JSON.stringify({ value: snapshot.value, context: kept });
  },
  events: {
    // docs/decisions/product.md Lists in the address: the search, an order and a page, as the view asks for them.
    'query.change': [{ query: 'harbour' }, ...searchBoundaries.map((query) => ({ query }))],
    'channels.sort': [{ sort: { key: 'name', direction: 'desc' } }],
    'organisations.sort': [{ sort: { key: 'created', direction: 'desc' } }],
    'channels.page': [{ page: 2 }],
    'organisations.page': [{ page: 2 }],
    'tab.select': [{ tab: 'organisations' }, { tab: 'channels' }],
    'xstate.done.actor.getChannels': [{ output: [channel] }, { output: [] }],
    'xstate.error.actor.getChannels': [failure],
    'xstate.done.actor.getOrganisations': [
      { output: { organisations: [organisation], baseOrganisationSubdomain: 'orgs' } },
      { output: { organisations: [], baseOrganisationSubdomain: 'orgs' } },
    ],
    'xstate.error.actor.getOrganisations': [failure],
    'channel.created': [{ channel: { ...channel, id: '9', name: 'New Harbour', role: 'reader' } }],
    'organisation.created': [
      { organisation: { ...organisation, id: '8', name: 'New Acme', subdomain: 'newacme' } },
    ],
  },
} satisfies ModelSamples<typeof listsMachine>;

/** The address opens the Organisations tab on its second page, sorted by users (docs/decisions/product.md: Lists in the address). */
export const listsFromAddressSamples = {
  ...listsSamples,
  input: { tab: 'organisations', organisations: { page: 2, sort: { key: 'users', direction: 'desc' } } },
} satisfies ModelSamples<typeof listsMachine>;
