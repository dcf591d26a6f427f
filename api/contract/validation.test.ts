import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginRequestWire } from './auth';
import { domainFieldName } from './fieldNames';
import { toFieldValidationErrorWire } from './validation';

describe('validation helpers', () => {
  it('turns a failed wire request into a FieldValidationError body without the input', () => {
    const result = v.safeParse(
      LoginRequestWire,
      { email: 'a@b.co', pwd: '', otp: '12' },
      { abortPipeEarly: true },
    );
    expect(result.success).toBe(false);
    const body = toFieldValidationErrorWire(result.issues ?? []);
    expect(body).toEqual({
      name: 'FieldValidationError',
      errors: [
        { code: 'any.required', message: 'any.required', path: 'pwd' },
        { code: 'string.length', message: 'string.length', path: 'otp' },
      ],
    });
  });

  it('maps wire paths to domain field names per call', () => {
    expect(domainFieldName('pwd')).toBe('newPassword');
    expect(domainFieldName('pwd', 'login')).toBe('password');
    expect(domainFieldName('username', 'saveProfile')).toBe('screenName');
    expect(domainFieldName('subdomain', 'registerCurator')).toBe('channelSubdomain');
    expect(domainFieldName('location.city', 'saveProfile')).toBe('location.city');
  });
});
