import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge';
import { EmptyState } from './EmptyState';
import { Row, RowList } from './RowList';
import { renderUi } from './testing';

describe('RowList, Badge, EmptyState', () => {
  it('a list of rows, the current one marked, a badge read as part of its row', () => {
    renderUi(
      <RowList>
        <Row current>
          Chrome on Linux<Badge>This device</Badge>
        </Row>
        <Row className="own">Firefox on Linux</Row>
      </RowList>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Chrome on LinuxThis device', 'Firefox on Linux']);
    expect(items.map((item) => item.dataset.current)).toEqual(['true', undefined]);
    expect(items[1]?.className).toBe('ui-rows__row own');
  });

  it('a badge carries its tone; an empty state its message and action', () => {
    renderUi(
      <>
        <Badge tone="warning">Archived</Badge>
        <EmptyState action={<button type="button">Add a passkey</button>}>No passkey.</EmptyState>
      </>,
    );
    expect(screen.getByText('Archived').dataset.tone).toBe('warning');
    expect(screen.getByText('No passkey.').tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });
});
