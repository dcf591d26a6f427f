import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../components/testing';
import { MeSectionNav } from './MeSectionNav';

const HREFS = { profile: '/me', security: '/me/security', lists: '/me/lists' };

describe('MeSectionNav (docs/decisions/product.md: /me sections)', () => {
  it('links each section to its own address and marks the current one', () => {
    renderUi(<MeSectionNav current="security" hrefs={HREFS} onNavigate={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Sections of your account' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/me'],
      ['Security', '/me/security'],
      ['Organisations and channels', '/me/lists'],
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null]);
  });

  it("the phone's menu: a button naming the current section opens the links; a plain click goes and closes it", () => {
    const onNavigate = vi.fn();
    renderUi(<MeSectionNav current="profile" hrefs={HREFS} onNavigate={onNavigate} />);
    const toggle = screen.getByRole('button', { name: /Section: Profile/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.tagName).toBe('UL');
    const lists = screen.getByRole('link', { name: 'Organisations and channels' });
    // Not the browser's navigation: the app moves (fireEvent returns false when the default was prevented).
    expect(fireEvent.click(lists)).toBe(false);
    expect(onNavigate).toHaveBeenCalledWith('lists');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('a click with a modifier key is left to the browser (a new tab or window)', () => {
    const onNavigate = vi.fn();
    renderUi(<MeSectionNav current="profile" hrefs={HREFS} onNavigate={onNavigate} />);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Security' }), { ctrlKey: true })).toBe(true);
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
