import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Theme } from '../../api/contract/theme';
import { renderUi } from '../components/testing';
import { ThemeSwitcher } from './ThemeSwitcher';
import { showTheme, ThemeChoice } from './themeChoice';

afterEach(() => {
  showTheme(document, 'system');
  document.head.innerHTML = '';
});

describe('ThemeSwitcher', () => {
  it('is a labelled choice of the system setting, light and dark, showing what the page shows', async () => {
    const choose = vi.fn<(theme: Theme) => void>();
    const { user } = renderUi(
      <ThemeChoice.Provider value={choose}>
        <ThemeSwitcher />
      </ThemeChoice.Provider>,
    );
    const select = screen.getByRole('combobox', { name: 'Theme' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['System', 'Light', 'Dark']);
    expect(select.value).toBe('system');
    await user.selectOptions(select, 'Dark');
    expect(choose).toHaveBeenCalledWith('dark');

    act(() => showTheme(document, 'light'));
    expect(select.value).toBe('light');
  });
});

describe('showTheme', () => {
  it("puts the scheme on <html> and the colour-scheme meta, and takes it off for 'system'", () => {
    document.head.innerHTML = '<meta name="color-scheme" content="light dark">';
    const meta = document.querySelector('meta[name="color-scheme"]');
    showTheme(document, 'dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(meta?.getAttribute('content')).toBe('dark');
    showTheme(document, 'system');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(meta?.getAttribute('content')).toBe('light dark');
  });
});
