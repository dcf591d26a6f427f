import { describe, expect, it } from 'vitest';
import { LOCALES } from '../api/contract/limits';
import { detectLocale } from './detectLocale';

describe('detectLocale (spec 1 Languages)', () => {
  it.each([
    ['de', 'de-DE'],
    ['de-DE', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['de-CH', 'de-DE'],
    ['DE-li', 'de-DE'],
    ['de_AT.UTF-8', 'de-DE'],
    ['es', 'es-ES'],
    ['es-MX', 'es-ES'],
    ['ru', 'ru-RU'],
    ['ru-UA', 'ru-RU'],
    ['pl', 'pl-PL'],
    ['ro-MD', 'ro-RO'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
  ])('maps %s to %s', (language, locale) => {
    expect(detectLocale([language])).toBe(locale);
  });

  it('falls back to en-US for unknown languages and for no languages at all', () => {
    expect(detectLocale(['fr-FR', 'ja'])).toBe('en-US');
    expect(detectLocale([])).toBe('en-US');
    expect(detectLocale(['', '*'])).toBe('en-US');
  });

  it('takes the first supported language in the visitor order, skipping unsupported ones', () => {
    expect(detectLocale(['fr-FR', 'de-CH', 'en-US'])).toBe('de-DE');
    expect(detectLocale(['pl', 'de'])).toBe('pl-PL');
    expect(detectLocale(['en-GB', 'de'])).toBe('en-US');
  });

  it('does not mistake a language that merely starts with the same letters', () => {
    // 'dsb' (Lower Sorbian) and 'roh' (Romansh) are not German or Romanian.
    expect(detectLocale(['dsb', 'roh', 'ru'])).toBe('ru-RU');
  });

  it('returns every supported locale unchanged', () => {
    for (const locale of LOCALES) expect(detectLocale([locale])).toBe(locale);
  });
});
