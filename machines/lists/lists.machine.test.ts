import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Channel, OrganisationList } from '../../api/contract/lists';
import { listsMachine } from './lists.machine';

const failure = () =>
  Object.assign(new Error('failed'), { failure: { code: 'unknown_server_error', fieldErrors: [] } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const start = (channels: () => Promise<Channel[]>, organisations: () => Promise<OrganisationList>) => {
  const logLoadFailure = vi.fn();
  const actor = createActor(
    listsMachine.provide({
      actors: { getChannels: fromPromise(channels), getOrganisations: fromPromise(organisations) },
      actions: { logLoadFailure },
    }),
  ).start();
  return { actor, logLoadFailure };
};

describe('listsMachine (spec 2 Me page, list area)', () => {
  it('starts on the Channels tab with both lists loading', () => {
    const { actor } = start(
      () => new Promise(() => {}),
      () => new Promise(() => {}),
    );
    expect(actor.getSnapshot().value).toEqual({
      tab: 'channels',
      channels: 'loading',
      organisations: 'loading',
    });
  });

  it('a failing list is logged and retried on its own; the other list stays loaded', async () => {
    let fail = true;
    const { actor, logLoadFailure } = start(
      async () => {
        if (fail) throw failure();
        return [];
      },
      async () => ({ organisations: [], baseOrganisationSubdomain: 'orgs' }),
    );
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ channels: 'failed', organisations: 'loaded' });
    expect(actor.getSnapshot().context.channelsError).toBe('unknown_server_error');
    expect(logLoadFailure).toHaveBeenCalledOnce();
    expect(logLoadFailure.mock.calls[0]?.[1]).toEqual({ list: 'channels', code: 'unknown_server_error' });
    fail = false;
    actor.send({ type: 'channels.retry' });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ channels: 'loaded', organisations: 'loaded' });
    expect(actor.getSnapshot().context.channelsError).toBeUndefined();
    expect(actor.getSnapshot().context.baseOrganisationSubdomain).toBe('orgs');
  });

  it('switches tabs either way', () => {
    const { actor } = start(
      () => new Promise(() => {}),
      () => new Promise(() => {}),
    );
    actor.send({ type: 'tab.select', tab: 'organisations' });
    expect(actor.getSnapshot().matches({ tab: 'organisations' })).toBe(true);
    actor.send({ type: 'tab.select', tab: 'channels' });
    expect(actor.getSnapshot().matches({ tab: 'channels' })).toBe(true);
  });
});
