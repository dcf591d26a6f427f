/**
 * One voice in German (i18n/README.md: German formal, Sie): no translation addresses the reader with 'du'.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const catalog = readFileSync('i18n/locales/de-DE/messages.po', 'utf8');
const translations = [...catalog.matchAll(/^msgstr "(.*)"$/gm)].map((match) => match[1] ?? '');
const INFORMAL = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|hast|bist|kannst|willst|musst)\b/i;

describe('de-DE speaks with one voice (Sie)', () => {
  it('has translations to check', () => {
    expect(translations.length).toBeGreaterThan(300);
  });
  it('no translation uses the informal du', () => {
    expect(translations.filter((text) => INFORMAL.test(text))).toEqual([]);
  });
});
