import { describe, expect, it } from 'vitest';
import { maskedAddress } from './maskedAddress';

describe('maskedAddress', () => {
  it('keeps the first letter of the local part and of the domain, and the last label', () => {
    expect(maskedAddress('paula.papier@example.com')).toBe('p***@e***.com');
    expect(maskedAddress('J@mail.example.co.uk')).toBe('j***@m***.uk');
  });

  it('shows no more of a short or odd address', () => {
    expect(maskedAddress('a@b')).toBe('a***@b***');
    expect(maskedAddress(' ü@ßtraße.de ')).toBe('ü***@ß***.de');
  });
});
