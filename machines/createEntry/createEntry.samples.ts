/** The createEntry model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { CHANNEL_NAME_MAX, CHANNEL_NAME_MIN } from '../../api/contract/limits';
import { lengthBoundaries, type ModelSamples, refusal } from '../../test/model/samples';
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

/** Made of 'x', so `thenSend` knows them; the subdomain follows the name (3 to 24 characters too). */
export const nameBoundaries = lengthBoundaries(CHANNEL_NAME_MIN, CHANNEL_NAME_MAX, { unit: 'x' });

export const createEntrySamples = {
  input: { kind: 'channel' },
  events: {
    'name.change': [
      { value: 'Ab' },
      { value: 'Harbour_News' },
      { value: 'Café Zürich' },
      { value: 'A name longer than twenty-four' },
      // spec 5 channel names at their edges: 2, 3, 24 and 25 characters, each then submitted (thenSend).
      ...nameBoundaries.map((value) => ({ value })),
    ],
    'subdomain.change': [{ value: 'my-sub' }, { value: 'Bad_Sub-' }],
    'xstate.done.actor.createEntry': [{ output: created }],
    'xstate.error.actor.createEntry': [refusal('channel_subdomain_already_exist_error')],
  },
  thenSend: (sample) =>
    sample.type === 'name.change' && /^x+$/.test((sample as { value?: string }).value ?? '')
      ? 'submit'
      : undefined,
} satisfies ModelSamples<typeof createEntryMachine>;
