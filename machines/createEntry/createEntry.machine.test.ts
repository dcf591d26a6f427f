import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { subdomainFromName } from '../../api/contract/lists';
import { createEntryMachine } from './createEntry.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const entry = {
  name: 'My Channel',
  subdomain: 'mine',
  url: 'https://mine.example.test/webapp',
  entry: {
    id: '5',
    name: 'My Channel',
    subdomain: 'mine',
    readersCount: 0,
    channelCount: 0,
    created: new Date(0),
  },
};

const start = (
  kind: 'channel' | 'organisation',
  create: (input: { name: string; subdomain: string }) => Promise<typeof entry>,
) => {
  const entryCreated = vi.fn();
  const calls: unknown[] = [];
  const actor = createActor(
    createEntryMachine.provide({
      actors: {
        createEntry: fromPromise(({ input }) => {
          calls.push(input);
          return create(input);
        }),
      },
      actions: { entryCreated },
    }),
    { input: { kind } },
  ).start();
  actor.send({ type: 'open' });
  return { actor, entryCreated, calls };
};

describe('subdomainFromName (spec 5)', () => {
  it('channels lose underscores and spaces; organisations also dashes; lower case, cut to 24', () => {
    expect(subdomainFromName('channel', 'My_Big News-Room')).toBe('mybignews-room');
    expect(subdomainFromName('organisation', 'My_Big News-Room')).toBe('mybignewsroom');
    expect(subdomainFromName('channel', 'x'.repeat(30))).toHaveLength(24);
  });
});

describe('createEntryMachine', () => {
  it('the subdomain follows the name until the pencil; then it is the user’s', () => {
    const { actor } = start('organisation', async () => entry);
    actor.send({ type: 'name.change', value: 'Acme-Corp Ltd' });
    expect(actor.getSnapshot().context.subdomain).toBe('acmecorpltd');
    actor.send({ type: 'subdomain.change', value: 'ignored' });
    expect(actor.getSnapshot().context.subdomain).toBe('acmecorpltd');
    actor.send({ type: 'subdomain.edit' });
    actor.send({ type: 'subdomain.change', value: 'acme' });
    actor.send({ type: 'name.change', value: 'Acme Corporation' });
    expect(actor.getSnapshot().context.subdomain).toBe('acme');
  });

  it('does not submit a name that is too short', () => {
    const { actor, calls } = start('channel', async () => entry);
    actor.send({ type: 'name.change', value: 'ab ' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('does not submit a name over 24 characters, nor a subdomain that breaks the rule (spec 5)', () => {
    const { actor, calls } = start('channel', async () => entry);
    actor.send({ type: 'name.change', value: 'A name longer than twenty-four' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'name.change', value: 'Café Zürich' });
    actor.send({ type: 'subdomain.edit' });
    actor.send({ type: 'subdomain.change', value: 'Bad_Sub-' });
    // Typed text is normalised as the server would ('Bad_Sub-' -> 'badsub-'); the dash at the end still breaks it.
    expect(actor.getSnapshot().context.subdomain).toBe('badsub-');
    actor.send({ type: 'submit' });
    expect(calls).toEqual([]);
    actor.send({ type: 'subdomain.change', value: 'Bad_Sub' });
    actor.send({ type: 'submit' });
    expect(calls).toEqual([{ name: 'Café Zürich', subdomain: 'badsub' }]);
  });

  it('a refusal keeps the form open with its values; success reports the entry once; close resets', async () => {
    let refuse = true;
    const { actor, entryCreated, calls } = start('channel', async () => {
      if (refuse)
        throw Object.assign(new Error('taken'), {
          failure: { code: 'channel_subdomain_already_exist_error', fieldErrors: [] },
        });
      return entry;
    });
    actor.send({ type: 'name.change', value: ' My Channel ' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      name: ' My Channel ',
      subdomain: 'mychannel',
      error: { code: 'channel_subdomain_already_exist_error', field: 'subdomain' },
    });
    expect(calls).toEqual([{ name: 'My Channel', subdomain: 'mychannel' }]);
    refuse = false;
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(entryCreated).toHaveBeenCalledOnce();
    expect(entryCreated.mock.calls[0]?.[1]).toEqual(entry);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().context).toMatchObject({
      name: '',
      subdomain: '',
      subdomainEdited: false,
      error: undefined,
      created: undefined,
    });
  });
});
