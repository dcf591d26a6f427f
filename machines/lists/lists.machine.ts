import { assign, fromPromise, raise, setup } from 'xstate';
import { type ErrorCode, failureOf } from '../../api/contract/errorCodes';
import type { Channel, OrganisationList } from '../../api/contract/lists';
import { pageRefusal } from '../form/refusal';
import {
  CHANNELS_DEFAULT_SORT,
  channelSortValue,
  ORGANISATIONS_DEFAULT_SORT,
  organisationSortValue,
  pageHolding,
} from './lists.rules';
import type { ListsContext, ListsEvent, ListsInput, ListTab } from './lists.types';

/**
 * spec 2 Me page, list area: two lists (Channels, the default tab, and Organisations), each loaded on its own so
 * one failing does not hide the other. A failed load is logged (effect `logLoadFailure`, provided by the route)
 * and shown as a quiet inline message with a retry: an empty list that is really an error must never show.
 *
 * The tab, the search and each list's page and order start from the input (the route reads them from /me's
 * address) and every change of them is the route's to write back (docs/decisions/product.md: Lists in the address).
 *
 * Actor slots: `getChannels` (GET /api/channels) and `getOrganisations` (GET /api/organisations).
 */
export const listsMachine = setup({
  types: {} as {
    context: ListsContext;
    input: ListsInput;
    events: ListsEvent;
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
  guards: {
    opensOrganisations: ({ context }) => context.openTab === 'organisations',
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
  context: ({ input }) => ({
    channels: [],
    organisations: [],
    baseOrganisationSubdomain: '',
    channelsError: undefined,
    organisationsError: undefined,
    openTab: input.tab,
    query: input.query ?? '',
    channelsPlace: { page: input.channels?.page ?? 1, sort: input.channels?.sort ?? CHANNELS_DEFAULT_SORT },
    organisationsPlace: {
      page: input.organisations?.page ?? 1,
      sort: input.organisations?.sort ?? ORGANISATIONS_DEFAULT_SORT,
    },
    landed: undefined,
  }),
  on: {
    // docs/decisions/product.md Lists in the address: a new search or order starts on page 1 (the rows asked for).
    'query.change': {
      actions: assign(({ context, event }) => ({
        query: event.query,
        channelsPlace: { ...context.channelsPlace, page: 1 },
        organisationsPlace: { ...context.organisationsPlace, page: 1 },
        landed: undefined,
      })),
    },
    'channels.sort': {
      actions: assign({ channelsPlace: ({ event }) => ({ page: 1, sort: event.sort }), landed: undefined }),
    },
    'organisations.sort': {
      actions: assign({
        organisationsPlace: ({ event }) => ({ page: 1, sort: event.sort }),
        landed: undefined,
      }),
    },
    'channels.page': {
      actions: assign({
        channelsPlace: ({ context, event }) => ({ ...context.channelsPlace, page: event.page }),
        landed: undefined,
      }),
    },
    'organisations.page': {
      actions: assign({
        organisationsPlace: ({ context, event }) => ({ ...context.organisationsPlace, page: event.page }),
        landed: undefined,
      }),
    },
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
        channels: {
          description: 'spec 2 Me page, list area: the Channels tab (the default)',
          // docs/decisions/product.md Lists in the address: an address naming the Organisations tab opens it (once).
          always: {
            guard: 'opensOrganisations',
            target: 'organisations',
            actions: assign({ openTab: undefined }),
          },
        },
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
                assign({ channelsError: ({ event }) => pageRefusal(failureOf(event)) }),
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
            // spec 4 creation forms: the new channel is appended and the count changes (once per channel);
            // docs/decisions/product.md Lists in the address: the list shows it where it landed, marked.
            'channel.created': {
              guard: ({ context, event }) => !context.channels.some((c) => c.id === event.channel.id),
              actions: [
                assign(({ context, event }) => {
                  const channels = [...context.channels, event.channel];
                  const { sort } = context.channelsPlace;
                  return {
                    channels,
                    query: '',
                    channelsPlace: {
                      sort,
                      page: pageHolding(channels, event.channel.id, sort, channelSortValue),
                    },
                    landed: { list: 'channels' as const, id: event.channel.id },
                  };
                }),
                raise({ type: 'tab.select', tab: 'channels' }),
              ],
            },
          },
        },
        failed: {
          description:
            'docs/decisions/product.md Profile and lists: a failed list load is logged and shown as a quiet inline message with a retry, never as an empty list',
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
                assign({ organisationsError: ({ event }) => pageRefusal(failureOf(event)) }),
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
              actions: [
                assign(({ context, event }) => {
                  const organisations = [...context.organisations, event.organisation];
                  const { sort } = context.organisationsPlace;
                  const page = pageHolding(organisations, event.organisation.id, sort, organisationSortValue);
                  return {
                    organisations,
                    query: '',
                    organisationsPlace: { sort, page },
                    landed: { list: 'organisations' as const, id: event.organisation.id },
                  };
                }),
                raise({ type: 'tab.select', tab: 'organisations' }),
              ],
            },
          },
        },
        failed: {
          description:
            'docs/decisions/product.md Profile and lists: a failed list load is logged and shown as a quiet inline message with a retry, never as an empty list',
          on: { 'organisations.retry': 'loading' },
        },
      },
    },
  },
});
