import { afterEach, describe, expect, it } from 'vitest';
import { formatListDate } from './formatDate';

// 23:30 UTC on 31 March: already 1 April in Berlin (UTC+2), still 31 March in New York (UTC-4).
const lateOnTheLastOfMarch = new Date('2024-03-31T23:30:00Z');
const zoneBefore = process.env.TZ;

describe('formatListDate (docs/decisions/product.md Profile and lists: DD/MM/YYYY in the viewer time zone)', () => {
  afterEach(() => {
    process.env.TZ = zoneBefore;
  });

  it('shows the day of the given zone, not of UTC', () => {
    expect(formatListDate(lateOnTheLastOfMarch, 'Europe/Berlin')).toBe('01/04/2024');
    expect(formatListDate(lateOnTheLastOfMarch, 'America/New_York')).toBe('31/03/2024');
    expect(formatListDate(lateOnTheLastOfMarch, 'UTC')).toBe('31/03/2024');
  });

  it("takes the viewer's own zone when none is given", () => {
    // Node applies a changed TZ to new dates and formatters at once.
    process.env.TZ = 'Pacific/Auckland';
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Pacific/Auckland');
    // Auckland is UTC+13 on 31 March 2024: 12:30 on 1 April.
    expect(formatListDate(lateOnTheLastOfMarch)).toBe('01/04/2024');
    expect(formatListDate(new Date('2024-01-05T09:00:00Z'))).toBe('05/01/2024');
  });
});
