import { assign, fromPromise, setup } from 'xstate';
import { type ErrorCode, failureOf } from '../../api/contract/errorCodes';
import type { Channel, Organisation, OrganisationList } from '../../api/contract/lists';
import type { ListsContext, ListTab } from './lists.types';

/**
 * spec 2 Me page, list area: two lists (Channels, the default tab, and Organisations), each loaded on its own so
 * one failing does not hide the other. A failed load is logged (effect `logLoadFailure`, provided by the route)
 * and shown as a quiet inline message with a retry: an empty list that is really an error must never show.
 *
 * Actor slots: `getChannels` (GET /api/channels) and `getOrganisations` (GET /api/organisations).
 */
export const listsMachine = setup({
  types: {} as {
    context: ListsContext;
    events:
      | { type: 'tab.select'; tab: ListTab }
      | { type: 'channels.retry' }
      | { type: 'organisations.retry' }
      | { type: 'channel.created'; channel: Channel }
      | { type: 'organisation.created'; organisation: Organisation };
    children: { getChannels: 'getChannels'; getOrganisations: 'getOrganisations' };
  },
  actors: {
    getChannels: fromPromise<Channel[]>(async () => {
      throw new Error('actor getChannels must be provided');
    }),
    getOrganisations: fromPromise<OrganisationList>(async () => {
      throw new Error('actor getOrganisations must be provided');
    }),
  },
  actions: {
    /** Effect: the route reports the failed load (observability), the screen shows it quietly. */
    logLoadFailure: (_, _params: { list: ListTab; code: ErrorCode }) => {
      throw new Error('action logLoadFailure must be provided');
    },
  },
}).createMachine({
  id: 'lists',
  description:
    'spec 2 Me page, list area: tabs Organisations (count) and Channels (count, the default), each list loaded on its own',
  type: 'parallel',
  context: {
    channels: [],
    organisations: [],
    baseOrganisationSubdomain: '',
    channelsError: undefined,
    organisationsError: undefined,
  },
  states: {
    tab: {
      description: 'spec 2 Me page, list area: the selected tab, Channels by default',
      initial: 'channels',
      on: {
        'tab.select': [
          { guard: ({ event }) => event.tab === 'channels', target: '.channels' },
          { target: '.organisations' },
        ],
      },
      states: {
        channels: { description: 'spec 2 Me page, list area: the Channels tab (the default)' },
        organisations: { description: 'spec 2 Me page, list area: the Organisations tab' },
      },
    },
    channels: {
      description: "spec 7 Channels: GET /api/channels, the user's channels (spec 4 Lists)",
      initial: 'loading',
      states: {
        loading: {
          description: 'spec 4 Lists: channels pending',
          invoke: {
            id: 'getChannels',
            src: 'getChannels',
            onDone: {
              target: 'loaded',
              actions: assign({ channels: ({ event }) => event.output, channelsError: undefined }),
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ channelsError: ({ event }) => failureOf(event).code }),
                {
                  type: 'logLoadFailure',
                  params: ({ event }) => ({ list: 'channels', code: failureOf(event).code }),
                },
              ],
            },
          },
        },
        loaded: {
          description: 'spec 4 Lists: channels loaded (spec 2: the table, or the empty message)',
          on: {
            // spec 4 creation forms: the new channel is appended and the count changes (once per channel).
            'channel.created': {
              guard: ({ context, event }) => !context.channels.some((c) => c.id === event.channel.id),
              actions: assign({ channels: ({ context, event }) => [...context.channels, event.channel] }),
            },
          },
        },
        failed: {
          description:
            'docs/decisions.md Profile and lists: a failed list load is logged and shown as a quiet inline message with a retry, never as an empty list',
          on: { 'channels.retry': 'loading' },
        },
      },
    },
    organisations: {
      description: "spec 7 Organisations: GET /api/organisations, the user's organisations (spec 4 Lists)",
      initial: 'loading',
      states: {
        loading: {
          description: 'spec 4 Lists: organisations pending',
          invoke: {
            id: 'getOrganisations',
            src: 'getOrganisations',
            onDone: {
              target: 'loaded',
              actions: assign({
                organisations: ({ event }) => event.output.organisations,
                baseOrganisationSubdomain: ({ event }) => event.output.baseOrganisationSubdomain,
                organisationsError: undefined,
              }),
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ organisationsError: ({ event }) => failureOf(event).code }),
                {
                  type: 'logLoadFailure',
                  params: ({ event }) => ({ list: 'organisations', code: failureOf(event).code }),
                },
              ],
            },
          },
        },
        loaded: {
          description: 'spec 4 Lists: organisations loaded (spec 2: the table, or the empty message)',
          on: {
            'organisation.created': {
              guard: ({ context, event }) =>
                !context.organisations.some((o) => o.id === event.organisation.id),
              actions: assign({
                organisations: ({ context, event }) => [...context.organisations, event.organisation],
              }),
            },
          },
        },
        failed: {
          description:
            'docs/decisions.md Profile and lists: a failed list load is logged and shown as a quiet inline message with a retry, never as an empty list',
          on: { 'organisations.retry': 'loading' },
        },
      },
    },
  },
});
