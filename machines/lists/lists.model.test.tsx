import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX } from '../../api/contract/limits';
import {
  type Model,
  modelFor,
  runOnMachine,
  runOnScreen,
  type ScreenOptions,
  testModel,
} from '../../test/model';
import { isMatch } from '../../test/model/boundaries';
import { ListsView } from '../../ui/lists/ListsView';
import { listsMachine } from './lists.machine';
import { listsFromAddressSamples, listsSamples, searchBoundaries } from './lists.samples';

const implementations = { actions: { logLoadFailure: () => {} } };
const model = modelFor(listsMachine, { ...listsSamples, implementations });
/**
 * docs/decisions/product.md Lists in the address: a second start, on the tab and page the address names. One input per
 * model, so it counts on the first model's coverage (one machine, one record).
 */
const fromAddress: Model<typeof listsMachine> = {
  ...modelFor(listsMachine, { ...listsFromAddressSamples, implementations }),
  coverage: model.coverage,
};

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const selectedTab = (screen: { getByRole: (role: string, o: object) => HTMLElement }, name: RegExp) =>
  expect(screen.getByRole('tab', { name, selected: true } as object)).toBeTruthy();

type Screen = {
  getByRole: (role: string, o?: object) => HTMLElement;
  queryByRole: (role: string, o?: object) => HTMLElement | null;
};
/** The header of the column the list is sorted by says so (aria-sort), in the direction the machine holds. */
const sortedBy = (screen: Screen, header: RegExp, direction: 'asc' | 'desc') =>
  expect(screen.getByRole('columnheader', { name: header }).getAttribute('aria-sort')).toBe(
    direction === 'asc' ? 'ascending' : 'descending',
  );
const CHANNEL_HEADERS = { name: /^Name/, creator: /^Creator/ } as Record<string, RegExp>;
const ORGANISATION_HEADERS = { name: /^Name/, users: /^Users/, created: /^Creation Date/ } as Record<
  string,
  RegExp
>;
/** A header to click when the table is on screen, else the event as the route would send it. */
const sortDriver =
  (tab: 'channels' | 'organisations', headers: Record<string, RegExp>) =>
  async (
    screen: Screen,
    user: { click: (e: Element) => Promise<void> },
    event: object,
    actorRef: { getSnapshot: () => { matches: (v: object) => boolean }; send: (e: never) => void },
  ) => {
    const { sort } = event as { sort: { key: string } };
    const header = screen.queryByRole('columnheader', { name: headers[sort.key] });
    if (actorRef.getSnapshot().matches({ tab }) && header) await user.click(header.querySelector('button')!);
    else actorRef.send(event as never);
  };

const screenOptions: ScreenOptions<typeof listsMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <ListsView actorRef={actorRef} organisationHref={(subdomain) => `https://${subdomain}.example.test`} />
    </I18nProvider>
  ),
  stateAssertions: {
    'tab.channels': (screen) => selectedTab(screen, /^Channels/),
    'tab.organisations': (screen) => selectedTab(screen, /^Organisations/),
    'channels.loading': (screen, snapshot) => {
      if (snapshot.matches({ tab: 'channels' }))
        expect(screen.getByText('Loading your channels…')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Channels' })).toBeTruthy();
    },
    'channels.loaded': (screen, snapshot) => {
      const count = snapshot.context.channels.length;
      expect(screen.getByRole('tab', { name: `Channels (${count})` })).toBeTruthy();
      if (!snapshot.matches({ tab: 'channels' })) return;
      const { sort } = snapshot.context.channelsPlace;
      sortedBy(screen, CHANNEL_HEADERS[sort.key]!, sort.direction);
      expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe(
        snapshot.context.query,
      );
      const { landed } = snapshot.context;
      if (landed?.list === 'channels') {
        const row = screen.getByRole('link', { name: 'New Harbour' }).closest('tr');
        expect(row?.getAttribute('aria-current')).toBe('true');
        expect(row?.textContent).toContain('New');
        return;
      }
      if (snapshot.context.query) return;
      if (count === 0) expect(screen.getByText('You have no channels yet')).toBeTruthy();
      else {
        const link = screen.getByRole('link', { name: 'Harbour News' });
        expect(link.getAttribute('href')).toBe('https://harbour.example.test/webapp/admin');
        expect(screen.getAllByText('04/03/2026')).toHaveLength(2 * count);
        for (const { name } of snapshot.context.channels)
          expect(screen.getByRole('link', { name })).toBeTruthy();
      }
    },
    'channels.failed': (screen, snapshot) => {
      expect(screen.getByRole('tab', { name: 'Channels' })).toBeTruthy();
      if (!snapshot.matches({ tab: 'channels' })) return;
      expect(screen.getByText(/Your channels could not be loaded\./)).toBeTruthy();
      expect(screen.queryByText('You have no channels yet')).toBeNull();
    },
    'organisations.loading': (screen, snapshot) => {
      if (snapshot.matches({ tab: 'organisations' }))
        expect(screen.getByText('Loading your organisations…')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Organisations' })).toBeTruthy();
    },
    'organisations.loaded': (screen, snapshot) => {
      const count = snapshot.context.organisations.length;
      expect(screen.getByRole('tab', { name: `Organisations (${count})` })).toBeTruthy();
      if (!snapshot.matches({ tab: 'organisations' })) return;
      const { sort } = snapshot.context.organisationsPlace;
      sortedBy(screen, ORGANISATION_HEADERS[sort.key]!, sort.direction);
      if (snapshot.context.landed?.list === 'organisations') {
        const row = screen.getByRole('link', { name: 'New Acme' }).closest('tr');
        expect(row?.getAttribute('aria-current')).toBe('true');
        return;
      }
      if (snapshot.context.query) return;
      if (count === 0) expect(screen.getByText('You have no organisations yet')).toBeTruthy();
      else
        expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
          'https://acme.example.test',
        );
    },
    'organisations.failed': (screen, snapshot) => {
      expect(screen.getByRole('tab', { name: 'Organisations' })).toBeTruthy();
      if (!snapshot.matches({ tab: 'organisations' })) return;
      expect(screen.getByText(/Your organisations could not be loaded\./)).toBeTruthy();
      expect(screen.queryByText('You have no organisations yet')).toBeNull();
    },
  },
  eventDrivers: {
    'query.change': async (screen, user, event) => {
      const box = screen.getByRole('searchbox', { name: 'Search' });
      await user.clear(box);
      await user.type(box, (event as unknown as { query: string }).query);
    },
    'channels.sort': sortDriver('channels', CHANNEL_HEADERS),
    'organisations.sort': sortDriver('organisations', ORGANISATION_HEADERS),
    // One or two rows make no pager: the route's address (or a pager elsewhere) asks for the page.
    'channels.page': (_screen, _user, event, actorRef) => actorRef.send(event as never),
    'organisations.page': (_screen, _user, event, actorRef) => actorRef.send(event as never),
    // The route sends these when a creation form succeeds.
    'channel.created': (_screen, _user, event, actorRef) => actorRef.send(event as never),
    'organisation.created': (_screen, _user, event, actorRef) => actorRef.send(event as never),
    'tab.select': (screen, user, event) =>
      user.click(
        screen.getByRole('tab', {
          name: (event as { tab?: string }).tab === 'channels' ? /^Channels/ : /^Organisations/,
        }),
      ),
    'channels.retry': async (screen, user, _event, actorRef) => {
      if (actorRef.getSnapshot().matches({ tab: 'channels' }))
        await user.click(screen.getByRole('button', { name: 'Try again' }));
      else actorRef.send({ type: 'channels.retry' });
    },
    'organisations.retry': async (screen, user, _event, actorRef) => {
      if (actorRef.getSnapshot().matches({ tab: 'organisations' }))
        await user.click(screen.getByRole('button', { name: 'Try again' }));
      else actorRef.send({ type: 'organisations.retry' });
    },
  },
};

describe('model of lists opened from an address (list=organisations, page 2, by users)', () => {
  for (const path of fromAddress.paths()) {
    it(`machine: ${path.description}`, () => runOnMachine(fromAddress, path));
    it(`screen: ${path.description}`, () => runOnScreen(fromAddress, path, screenOptions));
  }
});

testModel(model, { screen: screenOptions });

/**
 * spec 9 search maximum length, judged from the spec's number (not the view's maxLength): after typing each sample,
 * the box and the machine's search hold the whole text up to 20 characters and its first 20 beyond.
 */
describe('spec 9 search at its edges', () => {
  it.each(
    searchBoundaries.map((value) => [value.length, value] as const),
  )('%i characters typed', async (_length, value) => {
    const path = model
      .paths()
      .find((candidate) =>
        candidate.steps.some(
          (step) => step.event.type === 'query.change' && isMatch(step.event, { query: value }),
        ),
      );
    if (!path) return expect.fail(`no path types the ${value.length}-character search`);
    let held: { box: string; query: string } | undefined;
    await runOnScreen(model, path, {
      ...screenOptions,
      stateAssertions: {
        ...screenOptions.stateAssertions,
        'tab.channels': (screen, snapshot) => {
          screenOptions.stateAssertions['tab.channels']?.(screen, snapshot);
          const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
          held = { box: box.value, query: snapshot.context.query };
        },
      },
    });
    const kept = value.length <= SEARCH_MAX ? value : value.slice(0, SEARCH_MAX);
    expect(held).toEqual({ box: kept, query: kept });
  });
});
