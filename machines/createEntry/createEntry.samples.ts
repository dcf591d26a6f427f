/** The createEntry model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { createEntryMachine } from './createEntry.machine';

export const created = {
  name: 'Harbour_News',
  subdomain: 'my-sub',
  url: 'https://my-sub.example.test/webapp',
  entry: {
    id: '5',
    name: 'Harbour_News',
    subdomain: 'my-sub',
    readersCount: 0,
    channelCount: 0,
    created: new Date(0),
  },
};

export const createEntrySamples = {
  input: { kind: 'channel' },
  events: {
    'name.change': [
      { value: 'Ab' },
      { value: 'Harbour_News' },
      { value: 'Café Zürich' },
      { value: 'A name longer than twenty-four' },
    ],
    'subdomain.change': [{ value: 'my-sub' }, { value: 'Bad_Sub-' }],
    'xstate.done.actor.createEntry': [{ output: created }],
    'xstate.error.actor.createEntry': [refusal('channel_subdomain_already_exist_error')],
  },
} satisfies ModelSamples<typeof createEntryMachine>;
