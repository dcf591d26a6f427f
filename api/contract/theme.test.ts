import { describe, expect, it } from 'vitest';
import { chosenThemeOf, themeCookie } from './theme';

describe('the chosen colour scheme', () => {
  it('is read from its cookie among others', () => {
    expect(chosenThemeOf('locale=de-DE; theme=dark; other=1')).toBe('dark');
    expect(chosenThemeOf('theme=light')).toBe('light');
  });

  it('is the system setting without a cookie, or with a value that is not a scheme', () => {
    expect(chosenThemeOf(undefined)).toBe('system');
    expect(chosenThemeOf('locale=de-DE')).toBe('system');
    expect(chosenThemeOf('theme=%22%3E%3Cscript%3E')).toBe('system');
    expect(chosenThemeOf('theme=')).toBe('system');
  });

  it('is kept a year, and forgotten when the system setting is chosen again', () => {
    expect(themeCookie('dark', true)).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(themeCookie('system', false)).toBe('theme=; Path=/; Max-Age=0; SameSite=Lax');
  });
});
