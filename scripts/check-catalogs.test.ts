import type { CatalogType, ExtractedCatalogType } from '@lingui/cli/api';
import { describe, expect, it } from 'vitest';
import { applyTable, compareCatalogs, placeholderNames, problemLines, todoTable } from './check-catalogs';

const used: ExtractedCatalogType = {
  a1: { message: 'Step {step} of {steps}', origin: [['ui/Stepper.tsx']] },
  b2: { message: 'Save', origin: [['ui/Form.tsx']] },
};

const complete: CatalogType = {
  a1: { message: 'Step {step} of {steps}', translation: 'Schritt {step} von {steps}' },
  b2: { message: 'Save', translation: 'Speichern' },
};

describe('compareCatalogs', () => {
  it('finds nothing wrong with complete catalogs', () => {
    const { problems, reports } = compareCatalogs(used, { 'de-DE': complete }, ['de-DE']);
    expect(problems).toEqual([]);
    expect(reports).toEqual([{ locale: 'de-DE', used: 2, stale: 0, untranslated: 0, broken: 0, unused: 0 }]);
  });

  it('reports a message used in source but missing from a catalog as stale', () => {
    const { problems } = compareCatalogs(used, { 'de-DE': { b2: complete.b2! } }, ['de-DE']);
    expect(problems).toEqual([{ kind: 'stale', locale: 'de-DE', message: 'Step {step} of {steps}' }]);
  });

  it('treats an obsolete entry and a missing locale file as stale too', () => {
    const withObsolete = { ...complete, b2: { ...complete.b2!, obsolete: true } };
    const { problems } = compareCatalogs(used, { 'de-DE': withObsolete }, ['de-DE', 'pl-PL']);
    expect(problems.map((p) => `${p.kind} ${p.locale} ${p.message}`)).toEqual([
      'stale de-DE Save',
      'stale pl-PL Step {step} of {steps}',
      'stale pl-PL Save',
    ]);
  });

  it('reports empty or blank translations', () => {
    const blank = { ...complete, b2: { message: 'Save', translation: '  ' } };
    const { problems } = compareCatalogs(used, { 'es-ES': blank }, ['es-ES']);
    expect(problems).toEqual([{ kind: 'untranslated', locale: 'es-ES', message: 'Save' }]);
  });

  it('reports translations whose placeholders differ or that are not valid ICU', () => {
    const renamed = { ...complete, a1: { message: '', translation: 'Paso {paso} de {steps}' } };
    const unbalanced = { ...complete, a1: { message: '', translation: 'Paso {step de {steps}' } };
    const first = compareCatalogs(used, { 'es-ES': renamed }, ['es-ES']).problems;
    const second = compareCatalogs(used, { 'es-ES': unbalanced }, ['es-ES']).problems;
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'broken',
        detail: 'placeholders {paso, steps} instead of {step, steps}',
      }),
    ]);
    expect(second).toEqual([expect.objectContaining({ kind: 'broken' })]);
  });

  it('counts catalog entries the source no longer uses without failing on them', () => {
    const extra = { ...complete, c3: { message: 'Gone', translation: 'Weg' } };
    const { problems, reports } = compareCatalogs(used, { 'de-DE': extra }, ['de-DE']);
    expect(problems).toEqual([]);
    expect(reports[0]?.unused).toBe(1);
  });
});

describe('placeholderNames', () => {
  it('lists arguments, including those inside plural choices', () => {
    expect(placeholderNames('{count, plural, one {# channel of {owner}} other {# channels}}')).toEqual([
      'count',
      'owner',
    ]);
    expect(placeholderNames('No placeholders')).toEqual([]);
  });
});

describe('todoTable and applyTable (the translation round trip)', () => {
  it('lists only messages some locale lacks, with the texts already there', () => {
    const english: CatalogType = {
      a1: { message: 'Step {step} of {steps}', translation: 'Step {step} of {steps}' },
      b2: { message: 'Save', translation: 'Save' },
    };
    const german: CatalogType = { a1: complete.a1!, b2: { message: 'Save', translation: '' } };
    expect(todoTable(used, { 'en-US': english, 'de-DE': german }, ['en-US', 'de-DE'])).toEqual({
      Save: { 'en-US': 'Save', 'de-DE': '' },
    });
  });

  it('writes the filled-in texts into entries with that source message, skipping blanks', () => {
    const catalog: CatalogType = {
      a1: { message: 'Step {step} of {steps}', translation: '' },
      b2: { message: 'Save', translation: '' },
    };
    const applied = applyTable(catalog, 'pl-PL', {
      Save: { 'pl-PL': 'Zapisz', 'de-DE': 'Speichern' },
      'Step {step} of {steps}': { 'pl-PL': ' ' },
    });
    expect(applied).toBe(1);
    expect(catalog.b2?.translation).toBe('Zapisz');
    expect(catalog.a1?.translation).toBe('');
  });
});

describe('problemLines', () => {
  it('groups the locales of one problem', () => {
    const { problems } = compareCatalogs(used, { 'de-DE': { b2: complete.b2! } }, ['de-DE', 'pl-PL']);
    expect(problemLines(problems, ['de-DE', 'pl-PL'])).toEqual([
      '  stale [all locales] "Step {step} of {steps}"',
      '  stale [pl-PL] "Save"',
    ]);
  });
});
