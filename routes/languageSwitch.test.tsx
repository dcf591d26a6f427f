import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
  // No translation server in tests: the gate falls back to the bundled catalog.
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
}));

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the switcher writes.
  document.cookie = 'locale=; max-age=0; path=/';
});

describe('the language switcher (docs/decisions/product.md: Languages)', () => {
  it('names every locale in its own language, switches the page at once, sets lang and remembers the choice', async () => {
    renderAt('/root/login');
    await heading('Log in');
    const footer = screen.getByRole('contentinfo');
    const select = within(footer).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en-US');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['en-US', 'English', 'en-US'],
      ['de-DE', 'Deutsch', 'de-DE'],
      ['es-ES', 'Español', 'es-ES'],
      ['ru-RU', 'Русский', 'ru-RU'],
      ['pl-PL', 'Polski', 'pl-PL'],
      ['ro-RO', 'Română', 'ro-RO'],
    ]);
    await userEvent.selectOptions(select, 'de-DE');
    await heading('Anmelden');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(within(screen.getByRole('contentinfo')).getByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(document.cookie).toContain('locale=de-DE');
  }, 20_000);

  it('a page opened later starts in the language chosen, whatever the browser prefers', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie a choice on an earlier page left.
    document.cookie = 'locale=ru-RU; path=/';
    renderAt('/root/privacy');
    await waitFor(() => expect(document.documentElement.lang).toBe('ru-RU'), { timeout: 10_000 });
    const select = within(screen.getByRole('contentinfo')).getByRole('combobox', {
      name: 'Язык',
    }) as HTMLSelectElement;
    expect(select.value).toBe('ru-RU');
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' })).toBeTruthy();
    cleanup();
  }, 20_000);
});
