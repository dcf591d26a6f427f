import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_SURFACES } from '../../api/contract/branding';

/** A colour token's light and dark values, as tokens.css writes them: light-dark(#light, #dark). */
const tokenValues = (name: string) => {
  const found = readFileSync('ui/styles/tokens.css', 'utf8').match(
    new RegExp(`--color-${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\);`),
  );
  return { light: found?.[1], dark: found?.[2] };
};

describe('the surfaces an accent is checked against (api/contract/branding.ts)', () => {
  it('are the tokens the pages draw on: --color-surface and --color-bg of both palettes', () => {
    const surface = tokenValues('surface');
    const bg = tokenValues('bg');
    expect(BRAND_SURFACES.light).toEqual([surface.light, bg.light]);
    expect(BRAND_SURFACES.dark).toEqual([surface.dark, bg.dark]);
  });
});
