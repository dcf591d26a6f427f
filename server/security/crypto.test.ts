import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken, sha256Hex, TOKEN_BYTES } from './crypto';

describe('randomToken', () => {
  it('answers TOKEN_BYTES random bytes in base64url, never the same twice, across many blocks', () => {
    const tokens = Array.from({ length: 1000 }, () => randomToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(TOKEN_BYTES);
    }
    // Not a block of zeros (a wiped block handed out again) nor a repeated byte.
    expect(tokens.filter((token) => new Set(Buffer.from(token, 'base64url')).size < 8)).toEqual([]);
  });

  it('answers other lengths too, also larger than a block', () => {
    expect(Buffer.from(randomToken(16), 'base64url')).toHaveLength(16);
    const large = Buffer.from(randomToken(10_000), 'base64url');
    expect(large).toHaveLength(10_000);
    expect(new Set(large).size).toBeGreaterThan(200);
  });
});

describe('sha256Hex', () => {
  it('is the sha-256 of the UTF-8 text, in hex', () => {
    for (const text of ['', 'session id', 'Grüße, 日本 😀'])
      expect(sha256Hex(text)).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
  });
});
