import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';
import { renderUi } from './testing';

function Paged({ pages, onPage }: { pages: number; onPage?: (page: number) => void }) {
  const [page, setPage] = useState(1);
  return (
    <Pager
      page={page}
      pages={pages}
      onPageChange={(next) => {
        setPage(next);
        onPage?.(next);
      }}
    />
  );
}

describe('Pager', () => {
  it("reads 'Prev / Page X of Y / Next' inside a named navigation", () => {
    renderUi(<Paged pages={3} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toBe('PrevPage 1 of 3Next');
    expect(screen.getByText('Page 1 of 3').getAttribute('aria-live')).toBe('polite');
  });

  it('moves forward and back, and does nothing past either end', async () => {
    const onPage = vi.fn();
    const { user } = renderUi(<Paged pages={2} onPage={onPage} />);
    const prev = screen.getByRole('button', { name: 'Prev' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev.getAttribute('aria-disabled')).toBe('true');

    await user.click(prev);
    expect(onPage).not.toHaveBeenCalled();

    await user.click(next);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);

    await user.click(next);
    await user.click(prev);
    expect(onPage.mock.calls).toEqual([[2], [1]]);
  });
});

describe('Pager with many pages (docs/decisions/product.md: Lists in the address)', () => {
  it('offers First and Last, and a page number typed and sent with Enter, by keyboard alone', async () => {
    const onPage = vi.fn();
    const { user } = renderUi(<Paged pages={134} onPage={onPage} />);
    const first = screen.getByRole('button', { name: 'First' });
    expect(first.getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.getByText('Page 134 of 134')).toBeTruthy();
    // The box shows the page reached (it is drawn anew for each page).
    const box = () => screen.getByRole('spinbutton', { name: 'Go to page' }) as HTMLInputElement;
    expect(box().value).toBe('134');
    await user.clear(box());
    await user.type(box(), '57{Enter}');
    expect(screen.getByText('Page 57 of 134')).toBeTruthy();
    // Past the end is the last page.
    await user.clear(box());
    await user.type(box(), '900');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Page 134 of 134')).toBeTruthy();
    await user.click(first);
    expect(onPage.mock.calls).toEqual([[134], [57], [134], [1]]);
  });

  it('up to three pages keep the plain Prev / Next', () => {
    renderUi(<Paged pages={3} />);
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
