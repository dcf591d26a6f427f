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
    { input: {} },
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
    expect(actor.getSnapshot().context.channelsError).toEqual({ code: 'unknown_server_error' });
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

describe('listsMachine: where the lists are (docs/decisions/product.md: Lists in the address)', () => {
  const day = new Date('2026-03-04T10:00:00Z');
  const channel = (n: number): Channel => ({
    id: String(n),
    name: `Channel ${String(n).padStart(4, '0')}`,
    subdomain: `chan${n}`,
    role: 'reader',
    ownerName: 'Ada',
    organisationName: 'Acme',
    created: day,
    updated: day,
    archived: false,
    url: `https://chan${n}.example.test`,
  });
  const many = Array.from({ length: 2000 }, (_, i) => channel(i + 1));
  const startWith = (input: object) =>
    createActor(
      listsMachine.provide({
        actors: {
          getChannels: fromPromise(async () => many),
          getOrganisations: fromPromise(
            async (): Promise<OrganisationList> => ({
              organisations: [],
              baseOrganisationSubdomain: 'o',
            }),
          ),
        },
        actions: { logLoadFailure: () => {} },
      }),
      { input },
    ).start();

  it('starts where the address says: the tab, the search, each page and order', () => {
    const actor = startWith({
      tab: 'organisations',
      query: 'acme',
      channels: { page: 7, sort: { key: 'name', direction: 'desc' } },
    });
    const { value, context } = actor.getSnapshot();
    expect(value).toMatchObject({ tab: 'organisations' });
    expect(context.query).toBe('acme');
    expect(context.channelsPlace).toEqual({ page: 7, sort: { key: 'name', direction: 'desc' } });
    expect(context.organisationsPlace).toEqual({ page: 1, sort: { key: 'name', direction: 'asc' } });
  });

  it('a new search or order starts on page 1; a page is kept as asked', () => {
    const actor = startWith({ channels: { page: 5 }, organisations: { page: 3 } });
    actor.send({ type: 'channels.page', page: 9 });
    expect(actor.getSnapshot().context.channelsPlace.page).toBe(9);
    actor.send({ type: 'organisations.sort', sort: { key: 'users', direction: 'desc' } });
    expect(actor.getSnapshot().context.organisationsPlace).toEqual({
      page: 1,
      sort: { key: 'users', direction: 'desc' },
    });
    expect(actor.getSnapshot().context.channelsPlace.page).toBe(9);
    actor.send({ type: 'query.change', query: 'news' });
    expect(actor.getSnapshot().context.channelsPlace.page).toBe(1);
  });

  it('a channel created among 2,000 lands on the page that holds it, marked, search cleared, Channels tab', async () => {
    const actor = startWith({ tab: 'organisations', query: 'zzz', channels: { page: 1 } });
    await settle();
    actor.send({ type: 'channels.sort', sort: { key: 'name', direction: 'asc' } });
    // 'Channel 1234x' sorts after 'Channel 1234' and before 'Channel 1235': index 1234, page 83 (of 15 a page).
    actor.send({ type: 'channel.created', channel: { ...channel(5000), name: 'Channel 1234x' } });
    const { value, context } = actor.getSnapshot();
    expect(value).toMatchObject({ tab: 'channels' });
    expect(context.query).toBe('');
    expect(context.channelsPlace.page).toBe(Math.floor(1234 / 15) + 1);
    expect(context.landed).toEqual({ list: 'channels', id: '5000' });
    // Moving on leaves the mark behind.
    actor.send({ type: 'channels.page', page: 1 });
    expect(actor.getSnapshot().context.landed).toBeUndefined();
  });
});
