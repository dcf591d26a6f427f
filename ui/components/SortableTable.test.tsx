import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { nextSort, SortableTable, type TableColumn, type TableSort } from './SortableTable';
import { renderUi } from './testing';

interface Organisation {
  id: string;
  name: string;
  users: number;
}
type Key = 'name' | 'users' | 'actions';

const columns: TableColumn<Organisation, Key>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'users', header: 'Users', cell: (row) => row.users, align: 'end' },
  { key: 'actions', header: 'Actions', cell: () => 'open', sortable: false },
];
const rows: Organisation[] = [
  { id: '1', name: 'Beta', users: 3 },
  { id: '2', name: 'Alpha', users: 9 },
];

function Table({ onSortChange }: { onSortChange?: (sort: TableSort<Key>) => void }) {
  const [sort, setSort] = useState<TableSort<Key>>({ key: 'name', direction: 'asc' });
  return (
    <SortableTable
      caption="Organisations"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSortChange?.(next);
      }}
    />
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('SortableTable', () => {
  it('renders rows as given (it never sorts them itself)', () => {
    renderUi(<Table />);
    const table = screen.getByRole('table', { name: 'Organisations' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual(['Beta3open', 'Alpha9open']);
  });

  it('shows the current sort with aria-sort on one column only', () => {
    renderUi(<Table />);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Users').hasAttribute('aria-sort')).toBe(false);
  });

  it('asks for a new sort on header click: same column flips, another starts ascending', async () => {
    const onSortChange = vi.fn();
    const { user } = renderUi(<Table onSortChange={onSortChange} />);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').querySelector('[data-active]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Users' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'users', direction: 'asc' });
    expect(header('Users').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').hasAttribute('aria-sort')).toBe(false);
  });

  it('renders a column marked unsortable without a button', () => {
    renderUi(<Table />);
    expect(within(header('Actions')).queryByRole('button')).toBeNull();
  });

  it('shows the empty message in place of rows', () => {
    renderUi(
      <SortableTable
        caption="Channels"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty="You have no channels yet"
      />,
    );
    expect(screen.getByRole('cell', { name: 'You have no channels yet' }).getAttribute('colspan')).toBe('3');
  });

  it('is a named, focusable scroll region for narrow screens', () => {
    renderUi(<Table />);
    const region = screen.getByRole('region', { name: 'Organisations' });
    expect(region.tabIndex).toBe(0);
  });
});

describe('nextSort', () => {
  it.each([
    [undefined, 'name', { key: 'name', direction: 'asc' }],
    [{ key: 'name', direction: 'asc' }, 'name', { key: 'name', direction: 'desc' }],
    [{ key: 'name', direction: 'desc' }, 'name', { key: 'name', direction: 'asc' }],
    [{ key: 'name', direction: 'desc' }, 'users', { key: 'users', direction: 'asc' }],
  ] as const)('%o + click %s -> %o', (current, key, expected) => {
    expect(nextSort<string>(current, key)).toEqual(expected);
  });
});
