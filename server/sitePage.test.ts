import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './http/acceptEncoding';
import { inertJson, preferredLanguages } from './sitePage';

describe('preferredLanguages (Accept-Language)', () => {
  it('orders by weight, keeps the header order on ties, drops q=0, * and junk', () => {
    expect(preferredLanguages('de-AT,de;q=0.9,en;q=0.8')).toEqual(['de-AT', 'de', 'en']);
    expect(preferredLanguages('en;q=0.5, ru, pl;q=0.5')).toEqual(['ru', 'en', 'pl']);
    expect(preferredLanguages('de;q=0, *;q=0.1, es;q=abc, ro')).toEqual(['ro']);
    expect(preferredLanguages(undefined)).toEqual([]);
    expect(preferredLanguages(' , ;q=1')).toEqual([]);
  });
});

describe('acceptsEncoding', () => {
  it('takes a listed encoding unless q=0', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('GZIP', 'gzip')).toBe(true);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('identity', 'br')).toBe(false);
  });
});

describe('inertJson', () => {
  it('cannot close the script element nor open a comment, and reads back the same', () => {
    const value = { a: '</script><script>alert(1)</script>', b: '<!-- & -->' };
    const text = inertJson(value);
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
