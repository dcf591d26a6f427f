import { createContext, useSyncExternalStore } from 'react';
import type { Theme } from '../../api/contract/theme';

/**
 * How a view asks for another colour scheme: the frame (routes/root.tsx) remembers the choice and shows it. Without
 * a frame (a screen test) nothing happens.
 */
export const ThemeChoice = createContext<(theme: Theme) => void>(() => {});

const listeners = new Set<() => void>();

/**
 * Shows `theme` on the page: <html data-theme> (ui/styles/tokens.css), none for 'system', which the stylesheet
 * answers from prefers-color-scheme, and the colour-scheme meta the browser draws its own parts in. The server
 * writes the same on the page it sends (server/sitePage.ts), so this changes nothing on a page's first load.
 */
export function showTheme(page: Document, theme: Theme): void {
  const root = page.documentElement;
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  page
    .querySelector('meta[name="color-scheme"]')
    ?.setAttribute('content', theme === 'system' ? 'light dark' : theme);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const shownTheme = (): Theme => {
  const theme = document.documentElement.getAttribute('data-theme');
  return theme === 'light' || theme === 'dark' ? theme : 'system';
};

/**
 * The scheme the page shows. A first screen drawn by the server says 'system' (it is the same for every visitor);
 * the page's own attribute takes over as soon as the app does, without a mismatch.
 */
export const useShownTheme = (): Theme => useSyncExternalStore(subscribe, shownTheme, () => 'system');
