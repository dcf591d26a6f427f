import { afterEach, describe, expect, it } from 'vitest';
import { injectScript } from './injectScript';

const SRC = 'https://widget.example.com/loader.js';

afterEach(() => {
  for (const script of Array.from(document.head.querySelectorAll('script'))) script.remove();
});

describe('injectScript', () => {
  it('adds one async script per src', () => {
    // happy-dom would try to fetch the file; an unknown script type keeps it inert while testing the tag.
    const original = document.createElement.bind(document);
    const create = (tag: string) => {
      const element = original(tag);
      if (tag === 'script') element.setAttribute('type', 'text/x-inert');
      return element;
    };
    document.createElement = create as typeof document.createElement;
    try {
      injectScript(SRC);
      injectScript(SRC);
    } finally {
      document.createElement = original;
    }
    const scripts = Array.from(document.head.querySelectorAll('script'));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(SRC);
    expect(scripts[0]?.async).toBe(true);
  });
});
