import { describe, expect, it } from 'vitest';
import {
  BIO_PREVIEW_LENGTH,
  croppedBio,
  missingProfileFields,
  profileIncomplete,
} from './profileCompleteness';

const full = { bio: 'b', phone: '+49 1', department: 'd', position: 'p' };

describe('profileIncomplete', () => {
  it('is true while any of bio, phone, department, position is empty, false when all are given', () => {
    expect(profileIncomplete(full)).toBe(false);
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(profileIncomplete({ ...full, [key]: ' ' })).toBe(true);
    }
  });
  it('names what is missing, in the edit form’s order', () => {
    expect(missingProfileFields({ ...full, bio: '', phone: ' ' })).toEqual(['phone', 'bio']);
    expect(missingProfileFields(full)).toEqual([]);
  });
});

describe('croppedBio', () => {
  it('leaves a short bio whole and crops a long one at a word before the preview length', () => {
    expect(croppedBio('short bio')).toBe('short bio');
    const long = 'word '.repeat(80).trim();
    const cropped = croppedBio(long);
    expect(cropped.endsWith('word…')).toBe(true);
    expect(cropped.length).toBeLessThanOrEqual(BIO_PREVIEW_LENGTH + 1);
  });
});
