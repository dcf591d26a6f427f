import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Channel } from '../../api/contract/lists';
import { renderAt } from '../../routes/testing/testing';
import { aProfile } from '../../test/profileFixture';

vi.mock('../../api/profile', () => ({ getMe: vi.fn() }));
vi.mock('../../api/auth', () => ({ logout: vi.fn() }));

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + (n % 28)));
const channel = (n: number): Channel => ({
  id: String(n),
  name: `Channel ${String(n).padStart(2, '0')}`,
  subdomain: `chan${n}`,
  role: 'reader',
  ownerName: 'Ada',
  organisationName: 'Acme',
  created: day(n),
  updated: day(n),
  archived: false,
  url: `https://chan${n}.example.test`,
});
const CHANNELS = Array.from({ length: 70 }, (_, i) => channel(i + 1));

vi.mock('../../api/actors', async () => ({
  // Every other actor answers as if offline (routes/testing/offlineActors.ts).
  ...(await import('../../routes/testing/offlineActors')).offlineActors(),
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  getChannels: fromPromise(async () => CHANNELS),
  getOrganisations: fromPromise(async () => ({ organisations: [], baseOrganisationSubdomain: 'orgs' })),
  getRecoveryCodeCount: fromPromise(async () => ({ remaining: 10 })),
}));

// Counts the renders of the section navigation, drawn by the page around the lists: nothing the lists do should
// redraw the page.
const pageRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../ui/me/MeSectionNav', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../ui/me/MeSectionNav')>();
  return {
    ...real,
    MeSectionNav: (props: Parameters<typeof real.MeSectionNav>[0]) => {
      pageRenders.count++;
      return <real.MeSectionNav {...props} />;
    },
  };
});

const { getMe } = await import('../../api/profile');

beforeEach(() => {
  vi.mocked(getMe)
    .mockReset()
    .mockResolvedValue(aProfile({ screenName: 'Grace' }));
});

const channelPages = () => screen.findByRole('navigation', { name: 'Channel pages' }, { timeout: 3000 });
const firstNames = () =>
  within(screen.getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('/me: the lists in the address (docs/decisions/product.md: Lists in the address)', () => {
  it('a shared link opens the lists where it says; a malformed value is dropped, the rest kept', async () => {
    // An address from before the sections had their own: /me with the lists' place goes to /me/lists with it.
    const { router } = renderAt(
      '/root/me?channelsPage=3&channelsSort=name.desc&organisationsPage=zero&organisationsSort=bogus.up',
    );
    await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 15000 });
    const pages = await channelPages();
    expect(router.state.location.pathname).toMatch(/\/me\/lists$/);
    expect(within(pages).getByText('Page 3 of 5')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');
    // 70 down to 1 by name: page 3 starts at the 31st, Channel 40.
    expect(firstNames()[0]).toBe('Channel 40');
    await userEvent.click(screen.getByRole('tab', { name: /^Organisations/ }));
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
  }, 20_000);

  it('each change is written back into the address in place (replace), so a reload restores it', async () => {
    const { router, history } = renderAt('/root/me/lists');
    await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 15000 });
    const entries = history.length;
    await userEvent.click(within(await channelPages()).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?channelsPage=5'));
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?channelsSort=name.asc'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'chan7');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?channelsSort=name.asc&q=chan7'));
    await userEvent.click(screen.getByRole('tab', { name: /^Organisations/ }));
    await waitFor(() =>
      expect(router.state.location.searchStr).toBe('?channelsSort=name.asc&q=chan7&list=organisations'),
    );
    expect(history.length).toBe(entries);
  }, 20_000);

  it('a sort, a page turn and a search write the address without redrawing the rest of /me, a word at once', async () => {
    const { router } = renderAt('/root/me/lists');
    await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 15000 });
    await userEvent.click(within(await channelPages()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?channelsPage=2'));
    const before = pageRenders.count;
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?channelsSort=name.asc'));
    await userEvent.click(within(await channelPages()).getByRole('button', { name: 'Last' }));
    await waitFor(() =>
      expect(router.state.location.searchStr).toBe('?channelsSort=name.asc&channelsPage=5'),
    );
    // Keystrokes in quick succession are written once, with the whole word.
    const written: string[] = [];
    const unsubscribe = router.subscribe('onBeforeNavigate', ({ toLocation }) =>
      written.push(toLocation.searchStr),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'chan');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?channelsSort=name.asc&q=chan'));
    unsubscribe();
    expect(written).toEqual(['?channelsSort=name.asc&q=chan']);
    expect(pageRenders.count).toBe(before);
    expect(before).toBeGreaterThan(0);
  }, 20_000);
});
