import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeadingFocus } from './useHeadingFocus';

/** A page whose heading another part draws: the part named by `section` shows its heading with that id. */
function Page({ section, moved }: { section: 'profile' | 'security'; moved: boolean }) {
  useHeadingFocus(`${section}-heading`, moved ? section : false, { onMount: false });
  return (
    <>
      <button type="button">Menu</button>
      <h2 id={`${section}-heading`}>{section}</h2>
    </>
  );
}

describe('useHeadingFocus by id', () => {
  it('leaves the focus where it is on mount and while not moved', () => {
    const { rerender } = render(<Page section="profile" moved={false} />);
    screen.getByRole('button', { name: 'Menu' }).focus();
    rerender(<Page section="security" moved={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('focuses the named heading at each new stage once moved, with tabindex -1', () => {
    const { rerender } = render(<Page section="profile" moved={false} />);
    rerender(<Page section="security" moved />);
    const heading = screen.getByRole('heading', { name: 'security' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    screen.getByRole('button', { name: 'Menu' }).focus();
    rerender(<Page section="profile" moved />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'profile' }));
  });
});
