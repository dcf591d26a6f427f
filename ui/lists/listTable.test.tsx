import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Fuse from 'fuse.js';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Channel, Organisation } from '../../api/contract/lists';
import { clampPage, pageCountOf, showsPager } from '../../machines/lists/lists.paging';
import {
  CHANNELS_DEFAULT_SORT,
  ORGANISATIONS_DEFAULT_SORT,
  sortRows,
} from '../../machines/lists/lists.rules';
import { keepFound, searchOf } from '../../machines/lists/lists.search';
import { ChannelsTable, type ChannelsTableProps } from './ChannelsTable';
import { OrganisationsTable, type OrganisationsTableProps } from './OrganisationsTable';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const channel = (n: number, overrides: Partial<Channel> = {}): Channel => ({
  id: String(n),
  name: `Channel ${String(n).padStart(2, '0')}`,
  subdomain: `chan${n}`,
  role: 'reader',
  ownerName: `Owner ${String(40 - n).padStart(2, '0')}`,
  organisationName: 'Acme',
  created: new Date(Date.UTC(2026, 0, n)),
  updated: new Date(Date.UTC(2026, 1, n)),
  archived: false,
  url: `https://chan${n}.example.test`,
  ...overrides,
});
const organisation = (n: number): Organisation => ({
  id: String(n),
  name: `Org ${String(n).padStart(2, '0')}`,
  subdomain: `org${n}`,
  readersCount: n,
  channelCount: 100 - n,
  created: new Date(Date.UTC(2025, 0, n)),
});

type Placed = 'sort' | 'page' | 'onSortChange' | 'onPageChange';
/** The tables as the lists machine drives them: a new order starts on page 1 (machines/lists). */
function Channels(props: Omit<ChannelsTableProps, Placed>) {
  const [sort, setSort] = useState(CHANNELS_DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const order = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  return <ChannelsTable {...props} sort={sort} page={page} onSortChange={order} onPageChange={setPage} />;
}
function Organisations(props: Omit<OrganisationsTableProps, Placed>) {
  const [sort, setSort] = useState(ORGANISATIONS_DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const order = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  return (
    <OrganisationsTable {...props} sort={sort} page={page} onSortChange={order} onPageChange={setPage} />
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('list helpers (spec 2 lists)', () => {
  it('sorts stably both ways, numbers and dates by value, names without case', () => {
    const rows = [{ v: 'b' }, { v: 'A' }, { v: 'a' }, { v: 'C' }];
    const asc = sortRows(rows, { key: 'v', direction: 'asc' }, (r) => r.v);
    expect(asc.map((r) => r.v)).toEqual(['A', 'a', 'b', 'C']);
    const desc = sortRows(rows, { key: 'v', direction: 'desc' }, (r) => r.v);
    expect(desc.map((r) => r.v)).toEqual(['C', 'b', 'A', 'a']);
    const numbers = sortRows([{ v: 10 }, { v: 9 }], { key: 'v', direction: 'asc' }, (r) => r.v);
    expect(numbers.map((r) => r.v)).toEqual([9, 10]);
  });

  it('pages of 15, clamped to what exists, the pager from a full page on', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(15)).toBe(1);
    expect(pageCountOf(16)).toBe(2);
    expect(clampPage(3, 16)).toBe(2);
    expect(clampPage(0, 16)).toBe(1);
    expect(showsPager(14)).toBe(false);
    expect(showsPager(15)).toBe(true);
  });

  it('searches name and subdomain, fuzzy with fuse (threshold 0.25), by substring before fuse arrives', () => {
    const rows = [channel(1, { name: 'Harbour News', subdomain: 'harbournews' }), channel(2)];
    const ids = (Fuse_: typeof Fuse | undefined, query: string) =>
      keepFound(rows, searchOf(rows, Fuse_)(query)).map((r) => r.id);
    expect(ids(undefined, 'bour')).toEqual(['1']);
    expect(ids(undefined, 'CHAN2')).toEqual(['2']);
    expect(ids(Fuse, 'harbor')).toEqual(['1']);
    expect(ids(Fuse, 'zzzzqq')).toEqual([]);
    expect(ids(Fuse, '  ')).toHaveLength(2);
  });
});

describe('ChannelsTable', () => {
  const channels = Array.from({ length: 20 }, (_, i) => channel(i + 1));
  const show = (query = '') =>
    render(
      <I18nProvider i18n={i18n}>
        <Channels channels={channels} query={query} Fuse={Fuse} />
      </I18nProvider>,
    );

  it('starts sorted by creator A-Z, 15 a page, and pages to the rest', async () => {
    show();
    expect(screen.getByRole('columnheader', { name: /Creator/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows()).toHaveLength(15);
    expect(firstCells()[0]).toBe('Channel 20');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(5);
    expect(firstCells()[4]).toBe('Channel 01');
  });

  it('sorting by a column both ways reorders and goes back to page 1', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells()[0]).toBe('Channel 01');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(firstCells()[0]).toBe('Channel 20');
  });

  it('keeps a sensible page: an appended channel keeps the page, a shorter list clamps', async () => {
    const view = show();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    const withOneMore = [...channels, channel(21)];
    const rerender = (rows: Channel[], query: string) =>
      view.rerender(
        <I18nProvider i18n={i18n}>
          <Channels channels={rows} query={query} Fuse={Fuse} />
        </I18nProvider>,
      );
    rerender(withOneMore, '');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(bodyRows()).toHaveLength(6);
    rerender(channels.slice(0, 15), 'Channel');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(bodyRows()).toHaveLength(15);
  });

  it('shows dates as DD/MM/YYYY (docs/decisions/product.md: Profile and lists: dates)', () => {
    show();
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    // Channel 20: updated 20 February, created 20 January 2026.
    expect(cells[4]!.textContent).toBe('20/02/2026');
    expect(cells[5]!.textContent).toBe('20/01/2026');
  });

  it('a search with no match says so; without a pager for a short result', () => {
    show('nothing-like-this');
    expect(screen.getByText('No channels found that match your search')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('an admin-role channel links to the admin area, another to the web app', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Channels
          channels={[channel(1, { role: 'editor' }), channel(2), channel(3, { archived: true })]}
          query=""
          Fuse={undefined}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'Channel 01' }).getAttribute('href')).toBe(
      'https://chan1.example.test/webapp/admin',
    );
    expect(screen.getByRole('link', { name: 'Channel 02' }).getAttribute('href')).toBe(
      'https://chan2.example.test/webapp',
    );
    expect(screen.getAllByText('Archived')).toHaveLength(1);
    expect(screen.getByText(/all integrations are paused/).closest('tr')?.textContent).toContain(
      'Channel 03',
    );
  });
});

describe('OrganisationsTable', () => {
  const showOrganisations = (organisations: Organisation[], query: string) =>
    render(
      <I18nProvider i18n={i18n}>
        <Organisations
          organisations={organisations}
          query={query}
          Fuse={Fuse}
          noneYet="none yet"
          organisationHref={(subdomain) => `/organisation/${subdomain}`}
        />
      </I18nProvider>,
    );

  it('empty: the search message when searching, else the none-yet message (spec 2)', () => {
    showOrganisations([organisation(1)], 'zzzzqq');
    expect(screen.getByText('No organisations found that match your search')).toBeTruthy();
    cleanup();
    showOrganisations([], '');
    expect(screen.getByText('none yet')).toBeTruthy();
  });

  it('starts sorted by name A-Z and sorts numbers by value', async () => {
    const organisations = [organisation(3), organisation(1), organisation(2)];
    render(
      <I18nProvider i18n={i18n}>
        <Organisations
          organisations={organisations}
          query=""
          Fuse={Fuse}
          noneYet="none"
          organisationHref={(subdomain) => `/organisation/${subdomain}`}
        />
      </I18nProvider>,
    );
    expect(firstCells()).toEqual(['Org 01', 'Org 02', 'Org 03']);
    expect(screen.getByRole('link', { name: 'Org 01' }).getAttribute('href')).toBe('/organisation/org1');
    await userEvent.click(screen.getByRole('button', { name: /^Channels/ }));
    expect(firstCells()).toEqual(['Org 03', 'Org 02', 'Org 01']);
  });
});

describe('searching a status word (docs/decisions/product.md: searching a status)', () => {
  it("any prefix of 'Archived' finds the archived channels, besides what the name search finds", async () => {
    const channels = [
      channel(1, { name: 'Morning News', subdomain: 'morning', archived: true }),
      channel(2, { name: 'Evening News', subdomain: 'evening' }),
      channel(3, { name: 'Archive Digest', subdomain: 'digest' }),
    ];
    const names = () => firstCells().map((text) => text?.replace(/Archived.*$/s, ''));
    const { rerender } = render(
      <I18nProvider i18n={i18n}>
        <Channels channels={channels} query="archiv" Fuse={Fuse} />
      </I18nProvider>,
    );
    expect(names().sort()).toEqual(['Archive Digest', 'Morning News']);
    rerender(
      <I18nProvider i18n={i18n}>
        <Channels channels={channels} query="ARCHIVED" Fuse={Fuse} />
      </I18nProvider>,
    );
    expect(names()).toContain('Morning News');
    rerender(
      <I18nProvider i18n={i18n}>
        <Channels channels={channels} query="evening" Fuse={Fuse} />
      </I18nProvider>,
    );
    expect(names()).toEqual(['Evening News']);
    cleanup();
  });
});
