import { describe, expect, it } from 'vitest';
import { browserFamily, FAMILY_CACHE_MAX, keptUserAgents } from './userAgent';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
/** A user agent no parser knows, different for each n (what a caller making them up would send). */
const madeUp = (n: number) => `made-up-agent/${n}`;

describe('browserFamily', () => {
  it('reads the family and system without versions, the same when asked again', () => {
    expect(browserFamily(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(browserFamily(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(browserFamily(SAFARI_MAC)).toBe('Safari on macOS');
    expect(browserFamily(null)).toBe('unknown on unknown');
    expect(browserFamily(madeUp(0))).toBe('unknown on unknown');
  });

  it('keeps at most FAMILY_CACHE_MAX user agents, however many callers make up', () => {
    for (let n = 0; n < FAMILY_CACHE_MAX * 2; n++) browserFamily(madeUp(n));
    expect(keptUserAgents()).toHaveLength(FAMILY_CACHE_MAX);
    expect(keptUserAgents()).not.toContain(madeUp(0));
  });

  it('lets the least recently used go first, so a browser that keeps signing in stays', () => {
    browserFamily(FIREFOX_LINUX);
    for (let n = 0; n < FAMILY_CACHE_MAX - 1; n++) {
      browserFamily(madeUp(10_000 + n));
      browserFamily(FIREFOX_LINUX);
    }
    browserFamily(madeUp(20_000));
    expect(keptUserAgents()).toContain(FIREFOX_LINUX);
    expect(keptUserAgents()).not.toContain(madeUp(10_000));
    expect(browserFamily(FIREFOX_LINUX)).toBe('Firefox on Linux');
  });
});
