import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_PATH } from './manifestLink';

describe('linkManifest', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="manifest"]')) link.remove();
  });

  it('links the manifest once, however often the app starts', () => {
    linkManifest();
    linkManifest();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(MANIFEST_PATH);
  });
});
