import { describe, expect, it } from 'vitest';

/**
 * File roles (machines/form/README.md): a machine's `<flow>.types.ts` holds types only; its rules (validation,
 * where a refusal goes, what a call is made with) live in `<flow>.rules.ts`. Types leave nothing at run time, so
 * any key of a types module is a value that belongs in the rules module.
 */
const typesModules = import.meta.glob<Record<string, unknown>>('../*/*.types.ts', { eager: true });
const rulesModules = import.meta.glob('../*/*.rules.ts');

describe('machines: .types.ts holds types, rules live in .rules.ts', () => {
  it('finds the machines’ types modules', () => {
    expect(Object.keys(typesModules).length).toBeGreaterThanOrEqual(14);
  });

  it.each(Object.keys(typesModules))('%s exports no runtime value', (file) => {
    expect(Object.keys(typesModules[file] ?? {})).toEqual([]);
  });

  it('names every rules module <flow>.rules.ts, beside its machine', () => {
    for (const file of Object.keys(rulesModules)) expect(file).toMatch(/^\.\.\/([^/]+)\/\1\.rules\.ts$/);
  });
});
