import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DisclosureMenu } from './DisclosureMenu';
import { renderUi } from './testing';

const LINKS = [
  { key: 'profile', href: '/me', text: 'Profile', current: true },
  { key: 'security', href: '/me/security', text: 'Security' },
];

describe('DisclosureMenu', () => {
  it('is a named navigation whose button says whether its links are shown', () => {
    renderUi(
      <DisclosureMenu label="Sections" toggleText="Section: Profile" links={LINKS} onFollow={() => {}} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    const toggle = screen.getByRole('button', { name: /Section: Profile/ });
    expect(nav.dataset.open).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.dataset.open).toBe('true');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/me/security');
  });

  it('Escape closes the open menu and gives the focus back to its button', () => {
    renderUi(
      <DisclosureMenu label="Sections" toggleText="Section: Profile" links={LINKS} onFollow={() => {}} />,
    );
    const toggle = screen.getByRole('button', { name: /Section: Profile/ });
    fireEvent.click(toggle);
    const link = screen.getByRole('link', { name: 'Security' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('a plain click follows inside the app and closes; a middle click is left to the browser', () => {
    const onFollow = vi.fn();
    renderUi(
      <DisclosureMenu label="Sections" toggleText="Section: Profile" links={LINKS} onFollow={onFollow} />,
    );
    const toggle = screen.getByRole('button', { name: /Section: Profile/ });
    fireEvent.click(toggle);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Security' }), { button: 1 })).toBe(true);
    expect(onFollow).not.toHaveBeenCalled();
    expect(fireEvent.click(screen.getByRole('link', { name: 'Security' }))).toBe(false);
    expect(onFollow).toHaveBeenCalledWith('security');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
