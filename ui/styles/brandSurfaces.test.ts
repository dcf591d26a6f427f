import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_SURFACES } from '../../api/contract/branding';

/** A colour token's values in tokens.css: the light palette first, then the dark blocks. */
const tokenValues = (name: string) =>
  [
    ...readFileSync('ui/styles/tokens.css', 'utf8').matchAll(
      new RegExp(`--color-${name}: (#[0-9a-f]{6});`, 'g'),
    ),
  ].map((match) => match[1]);

describe('the surfaces an accent is checked against (api/contract/branding.ts)', () => {
  it('are the tokens the pages draw on: --color-surface and --color-bg of both palettes', () => {
    const [lightSurface, darkSurface] = tokenValues('surface');
    const [lightBg, darkBg] = tokenValues('bg');
    expect(BRAND_SURFACES.light).toEqual([lightSurface, lightBg]);
    expect(BRAND_SURFACES.dark).toEqual([darkSurface, darkBg]);
  });
});
