import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IDP_FAILURE } from './errorTypes';

describe('identity-provider error types', () => {
  it('are spelled as the site’s error page reads them (i18n/errorMessages.ts)', () => {
    const source = readFileSync(new URL('../../i18n/errorMessages.ts', import.meta.url), 'utf8');
    const { unknown: _, ...types } = IDP_FAILURE;
    for (const [name, type] of Object.entries(types)) expect(source).toContain(`${name}: '${type}'`);
  });
});
