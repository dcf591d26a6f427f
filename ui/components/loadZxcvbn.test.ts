import { describe, expect, it } from 'vitest';
import { loadZxcvbn, strengthLanguageOf } from './loadZxcvbn';

describe('strengthLanguageOf', () => {
  it.each([
    ['de-DE', 'de'],
    ['de', 'de'],
    ['en-US', 'en'],
    ['ro-RO', 'en'],
    [undefined, 'en'],
  ] as const)('%s -> %s', (locale, language) => {
    expect(strengthLanguageOf(locale)).toBe(language);
  });
});

// The real dictionaries: slow to parse once, then cached per language.
describe('loadZxcvbn', () => {
  it('scores common passwords low and long random ones high', async () => {
    const score = await loadZxcvbn('en');
    expect(score('password')).toBe(0);
    expect(score('qwerty123')).toBeLessThanOrEqual(1);
    expect(score('vq8#Lp2!zR7@mW4x')).toBe(4);
  }, 30_000);

  it('treats the user inputs as guessable', async () => {
    const score = await loadZxcvbn('en');
    expect(score('ada.lovelace1815', ['ada.lovelace1815'])).toBeLessThan(score('ada.lovelace1815'));
  }, 30_000);

  it('knows German words only with the German dictionaries', async () => {
    const [english, german] = await Promise.all([loadZxcvbn('en'), loadZxcvbn('de')]);
    expect(german('Schmetterling')).toBeLessThan(english('Schmetterling'));
  }, 30_000);

  it('creates one scorer per language', () => {
    expect(loadZxcvbn('de')).toBe(loadZxcvbn('de'));
  });
});
