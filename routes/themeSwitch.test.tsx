import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { heading, renderAt } from './testing/testing';

vi.mock('../api/profile', () => ({ getMe: vi.fn(async () => Promise.reject(new Error('401'))) }));
vi.mock('../api/auth', () => ({ logout: vi.fn() }));
vi.mock('../api/actors', async () => ({
  // Every other actor answers as if offline (routes/testing/offlineActors.ts).
  ...(await import('./testing/offlineActors')).offlineActors(),
  detectPasskeySupport: fromPromise(async () => ({ button: false, autofill: false })),
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
}));

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the switcher writes.
  document.cookie = 'theme=; max-age=0; path=/';
  document.documentElement.removeAttribute('data-theme');
});

describe('the theme switcher (docs/decisions/product.md: Dark mode)', () => {
  it('shows the choice on the page at once and remembers it in the cookie the server reads; System forgets it', async () => {
    renderAt('/root/login');
    await heading('Log in');
    const select = within(screen.getByRole('contentinfo')).getByRole('combobox', {
      name: 'Theme',
    }) as HTMLSelectElement;
    expect(select.value).toBe('system');
    await userEvent.selectOptions(select, 'Dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.cookie).toContain('theme=dark');
    expect(select.value).toBe('dark');
    await userEvent.selectOptions(select, 'System');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(document.cookie).not.toContain('theme=');
  }, 20_000);
});
