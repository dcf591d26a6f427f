import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';
import { renderUi } from './testing';

type ListTab = 'organisations' | 'channels' | 'archive';

function Lists({ onSelect }: { onSelect?: (id: ListTab) => void }) {
  const [selected, setSelected] = useState<ListTab>('channels');
  return (
    <Tabs
      label="Your lists"
      selected={selected}
      onSelect={(id) => {
        setSelected(id);
        onSelect?.(id);
      }}
      tabs={[
        { id: 'organisations', label: 'Organisations', count: 2 },
        { id: 'channels', label: 'Channels', count: 14 },
        { id: 'archive', label: 'Archive' },
      ]}
    >
      <p>Panel of {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('follows the WAI-ARIA tabs pattern with counts in the names', () => {
    renderUi(<Lists />);
    expect(screen.getByRole('tablist', { name: 'Your lists' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Organisations (2)', 'Channels (14)', 'Archive']);
    const channels = screen.getByRole('tab', { name: 'Channels (14)' });
    expect(channels.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Channels (14)' });
    expect(channels.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('Panel of channels');
  });

  it('selects on click', async () => {
    const { user } = renderUi(<Lists />);
    await user.click(screen.getByRole('tab', { name: 'Organisations (2)' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of organisations');
  });

  it('moves and selects with arrows (wrapping), Home and End', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(<Lists onSelect={onSelect} />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Channels (14)');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Archive');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Organisations (2)');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Archive');
    await user.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual([
      'archive',
      'organisations',
      'archive',
      'organisations',
      'archive',
    ]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of archive');
  });

  it('leaves the tab list with Tab, into the panel', async () => {
    const { user } = renderUi(<Lists />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });
});
