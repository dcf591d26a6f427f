import { assign, fromPromise, setup } from 'xstate';
import { type ErrorCode, failureOf } from '../../api/contract/errorCodes';

/**
 * spec 4 Generic request: one call with its loading / loaded / error bookkeeping. Whatever the call is comes
 * from outside through the `request` actor slot, e.g.
 * `requestMachine.provide({ actors: { request: fromPromise(({ input }) => getMe()) } })`.
 * "loading" and "loaded" are not flags in context: they are the states `pending` and `loaded` (tag `busy`),
 * so they cannot disagree with the state the machine is in.
 */
export interface RequestContext {
  /** What the call is made with; set by `request.start` and reused by retry and refresh. */
  params: unknown;
  /** The last successful answer; kept during a refresh so a view may keep showing it. */
  data: unknown;
  /** spec 8 catalogue code of the last failure; undefined unless the machine is in `rejected`. */
  error: ErrorCode | undefined;
}

export type RequestEvent =
  | { type: 'request.start'; params?: unknown }
  | { type: 'request.retry' }
  | { type: 'request.refresh' };

export const requestMachine = setup({
  types: {} as {
    context: RequestContext;
    events: RequestEvent;
    tags: 'busy';
  },
  actors: {
    request: fromPromise<unknown, unknown>(async () => {
      throw new Error('actor request must be provided');
    }),
  },
  actions: {
    storeParams: assign({
      params: ({ context, event }) => (event.type === 'request.start' ? event.params : context.params),
    }),
    clearError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'request',
  description: 'spec 4 Generic request: pending, loaded or rejected',
  context: { params: undefined, data: undefined, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'spec 4 Generic request: nothing asked yet',
      on: { 'request.start': { target: 'pending', actions: 'storeParams' } },
    },
    pending: {
      description: 'spec 4 Generic request: pending sets loading and clears error',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }: { context: RequestContext }) => context.params,
        onDone: {
          target: 'loaded',
          actions: assign({ data: ({ event }) => event.output, error: undefined }),
        },
        onError: {
          target: 'rejected',
          // failureOf turns a rejection without payload (undefined, null, a plain Error) into unknown_server_error.
          actions: assign({ error: ({ event }) => failureOf(event.error).code }),
        },
      },
    },
    loaded: {
      description: 'spec 4 Generic request: loaded sets loaded and clears error',
      on: { 'request.refresh': 'pending' },
    },
    rejected: {
      description:
        'spec 4 Generic request: rejected stores the error; a rejection without payload stores unknown_server_error',
      on: { 'request.retry': 'pending' },
    },
  },
});
