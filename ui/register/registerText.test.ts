import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { VALIDATION_CODES } from '../../api/contract/common';
import { fieldText } from '../form/fieldText';
import { SIGN_UP_RULES } from './registerText';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const textUnder = (code: string, field: string) =>
  fieldText(i18n, field, { fieldErrors: { [field]: code } }, SIGN_UP_RULES);

describe('sign-up field texts (spec 5)', () => {
  it('says the one name limit for a name too long (docs/decisions/product.md: One name limit)', () => {
    expect(textUnder(VALIDATION_CODES.max, 'screenName')).toBe('Must be at most 100 characters.');
    expect(textUnder(VALIDATION_CODES.max, 'channelName')).toBe('Must be at most 24 characters.');
  });
  it('says the subdomain rule for a subdomain that breaks it, and asks for the terms', () => {
    expect(textUnder(VALIDATION_CODES.pattern, 'channelSubdomain')).toBe(
      'Use 3 to 24 letters a-z, digits and dashes, with no dash at the start or end.',
    );
    expect(textUnder(VALIDATION_CODES.accepted, 'terms')).toBe('Please accept the terms to continue.');
  });
});
