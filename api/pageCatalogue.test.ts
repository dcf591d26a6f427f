import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_CATALOGUE_ID } from './contract/translation';
import { takePageCatalogue } from './pageCatalogue';

const putCatalogue = (locale: string, json: string) => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_CATALOGUE_ID;
  script.dataset.locale = locale;
  script.textContent = json;
  document.head.append(script);
};

afterEach(() => document.getElementById(PAGE_CATALOGUE_ID)?.remove());

describe('takePageCatalogue', () => {
  it('gives the texts the page came with, once', () => {
    putCatalogue('de-DE', JSON.stringify({ abc: 'Hallo', def: ['Hallo ', ['name']] }));
    expect(takePageCatalogue('de-DE')).toEqual({ abc: 'Hallo', def: ['Hallo ', ['name']] });
    expect(takePageCatalogue('de-DE')).toBeUndefined();
    expect(document.getElementById(PAGE_CATALOGUE_ID)).toBeNull();
  });

  it('gives nothing for another locale, and the next request goes to the network', () => {
    putCatalogue('de-DE', JSON.stringify({ abc: 'Hallo' }));
    expect(takePageCatalogue('ru-RU')).toBeUndefined();
    expect(document.getElementById(PAGE_CATALOGUE_ID)).toBeNull();
  });

  it('gives nothing for unreadable or wrongly shaped texts, or without the element', () => {
    putCatalogue('en-US', '{not json');
    expect(takePageCatalogue('en-US')).toBeUndefined();
    putCatalogue('en-US', JSON.stringify({ abc: 42 }));
    expect(takePageCatalogue('en-US')).toBeUndefined();
    expect(takePageCatalogue('en-US')).toBeUndefined();
  });
});
