import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AccentSchema, accentShades, BRAND_SURFACES, BrandNameSchema, contrastRatio } from './branding';

describe('the accent', () => {
  it('takes #rgb or #rrggbb in any case and answers #rrggbb; nothing else', () => {
    expect(v.parse(AccentSchema, ' #0A7 ')).toBe('#00aa77');
    expect(v.parse(AccentSchema, '#C2410C')).toBe('#c2410c');
    for (const bad of ['red', '#abcd', '#12345g', '00aa77', '#000;x:y', 'rgb(0,0,0)', '#0a7\u0000', ''])
      expect(v.is(AccentSchema, bad), bad).toBe(false);
  });

  it.each([
    '#00aa77',
    '#ffff00',
    '#ffffff',
    '#000000',
    '#1cabe2',
    '#3451d1',
    '#808080',
    '#e4002b',
  ])('%s is drawn in shades of 3:1 at least on every surface, with a letter of 4.5:1 on each', (accent) => {
    const shades = accentShades(accent);
    for (const surface of BRAND_SURFACES.light)
      expect(contrastRatio(shades.light, surface)).toBeGreaterThanOrEqual(3);
    for (const surface of BRAND_SURFACES.dark)
      expect(contrastRatio(shades.dark, surface)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(shades.light, shades.onLight)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shades.dark, shades.onDark)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that passes as given, and moves one that fails only as far as it must', () => {
    // #3451d1 (the site's own primary) reaches 5.98:1 on #f4f6f9: kept on light.
    expect(accentShades('#3451d1').light).toBe('#3451d1');
    // #00aa77 reaches 2.9:1 on #f4f6f9: one step of 1/64 towards black gives 3.03:1.
    expect(contrastRatio('#00aa77', '#f4f6f9')).toBeLessThan(3);
    expect(accentShades('#00aa77')).toEqual({
      light: '#00a271',
      dark: '#00aa77',
      onLight: '#000000',
      onDark: '#000000',
    });
  });
});

describe('the display name', () => {
  it('is 1 to 80 characters with spaces made one, without control characters or direction overrides', () => {
    expect(v.parse(BrandNameSchema, '  Papier   Union ')).toBe('Papier Union');
    expect(v.is(BrandNameSchema, 'x'.repeat(80))).toBe(true);
    for (const bad of ['', '   ', 'x'.repeat(81), 'a\u0000b', 'a\u202eb', 'a\u2066b', 'a\u0085b'])
      expect(v.is(BrandNameSchema, bad), JSON.stringify(bad)).toBe(false);
  });
});
