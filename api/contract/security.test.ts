import { describe, expect, it } from 'vitest';
import { changeEmailForm, confirmsAccount, isSameEmail } from './security';
import { formErrors } from './validation';

describe('the e-mail change form (docs/decisions/security.md: Changing the e-mail address)', () => {
  const form = changeEmailForm('Ada@Example.com');
  const codeOf = (email: string) => formErrors(form, { email }).map((error) => error.code);

  it("takes a valid address other than the account's own", () => {
    expect(codeOf(' ada.new@example.com ')).toEqual([]);
  });

  it("refuses the account's own address in any case or with spaces, as the server does (email_already_exist_error)", () => {
    expect(codeOf('ada@example.com')).toEqual(['string.email.unchanged']);
    expect(codeOf(' ADA@EXAMPLE.COM ')).toEqual(['string.email.unchanged']);
  });

  it('holds the address to the wire rule first: required, an address', () => {
    expect(codeOf('')).toEqual(['any.required']);
    expect(codeOf('ada@')).toEqual(['string.email']);
  });
});

describe('one address in any case', () => {
  it('compares without case and surrounding spaces; the deletion confirmation needs something typed', () => {
    expect(isSameEmail(' Ada@Example.com', 'ada@example.COM ')).toBe(true);
    expect(isSameEmail('ada@example.com', 'ada@example.org')).toBe(false);
    expect(confirmsAccount('  ', '  ')).toBe(false);
    expect(confirmsAccount('ADA@example.com', 'ada@example.com')).toBe(true);
  });
});
