import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { type EntryKind, subdomainFromName } from '../../api/contract/lists';
import { createEntryRefusal, entryFieldErrors, typedSubdomain } from './createEntry.rules';
import type { CreatedEntry, CreateEntryContext, CreateEntryEvent } from './createEntry.types';

const emptyFields = { name: '', subdomain: '', subdomainEdited: false, error: undefined, created: undefined };

/**
 * spec 2 Me page, list area: the 'new channel' (everyone) and 'new organisation' (staff) forms (spec 4 creation
 * forms). The subdomain follows the normalised name (spec 5) until the pencil makes it editable; create waits for
 * a name and subdomain that meet the spec 5 rules (the server's own schema); a refusal keeps the form open with its values; success shows a panel, and the route
 * appends the entry to its list (effect `entryCreated`). Closing resets the fields.
 *
 * Actor slot: `createEntry` ({name, subdomain} -> CreatedEntry), POST /api/channels or POST /api/organisations.
 */
export const createEntryMachine = setup({
  types: {} as {
    context: CreateEntryContext;
    input: { kind: EntryKind };
    events: CreateEntryEvent;
    tags: 'busy';
    children: { createEntry: 'createEntry' };
  },
  actors: {
    createEntry: fromPromise<CreatedEntry, { name: string; subdomain: string }>(async () => {
      throw new Error('actor createEntry must be provided');
    }),
  },
  guards: {
    isEntryValid: ({ context }) => Object.keys(entryFieldErrors(context)).length === 0,
  },
  actions: {
    /** Effect: the route appends the new entry to its list (the count changes with it). */
    entryCreated: (_, _entry: CreatedEntry) => {
      throw new Error('action entryCreated must be provided');
    },
  },
}).createMachine({
  id: 'createEntry',
  description:
    "spec 2 Me page, list area: 'new channel' and 'new organisation' forms (spec 4 creation forms, spec 5 names and subdomains)",
  context: ({ input }) => ({ kind: input.kind, ...emptyFields }),
  initial: 'closed',
  states: {
    closed: {
      description: "spec 2 Me page, list area: only the 'new channel' / 'new organisation' button",
      on: { open: 'editing' },
    },
    editing: {
      description:
        'spec 4 creation forms: open; spec 5: the subdomain follows the normalised name until the pencil makes it editable',
      on: {
        'name.change': {
          actions: assign({
            name: ({ event }) => event.value,
            subdomain: ({ context, event }) =>
              context.subdomainEdited ? context.subdomain : subdomainFromName(context.kind, event.value),
            error: undefined,
          }),
        },
        'subdomain.edit': { actions: assign({ subdomainEdited: true }) },
        'subdomain.change': {
          guard: ({ context }) => context.subdomainEdited,
          actions: assign({
            subdomain: ({ context, event }) => typedSubdomain(context.kind, event.value),
            error: undefined,
          }),
        },
        submit: { guard: 'isEntryValid', target: 'submitting' },
        close: { target: 'closed', actions: assign(emptyFields) },
      },
    },
    submitting: {
      description: 'spec 7 creation: POST of the name and subdomain; create is disabled meanwhile',
      tags: ['busy'],
      invoke: {
        id: 'createEntry',
        src: 'createEntry',
        input: ({ context }) => ({ name: context.name.trim(), subdomain: context.subdomain }),
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ created: ({ event }) => event.output }),
            { type: 'entryCreated', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => createEntryRefusal(failureOf(event)) }),
        },
      },
    },
    succeeded: {
      description: 'spec 2 Me page, list area: the success panel with name, subdomain and link',
      on: { close: { target: 'closed', actions: assign(emptyFields) } },
    },
  },
});
