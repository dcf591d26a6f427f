import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_MAX } from '../../api/contract/limits';
import { NewPasswordField } from './NewPasswordField';
import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { renderUi } from './testing';

function Controlled(props: Partial<PasswordFieldProps> & { onValue?: (value: string) => void }) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="Password"
      {...rest}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const input = () => screen.getByLabelText('Password') as HTMLInputElement;

describe('PasswordField', () => {
  it('toggles visibility with a pressed button whose label follows the state', async () => {
    const { user } = renderUi(<Controlled />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input().type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(input().id);

    await user.click(toggle);
    expect(input().type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');

    await user.click(toggle);
    expect(input().type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBe(toggle);
  });

  it('ignores typing past the maximum length: the value stops growing', async () => {
    const onValue = vi.fn();
    const { user } = renderUi(<Controlled maxLength={5} onValue={onValue} />);
    await user.type(input(), 'abcdefgh');
    expect(input().value).toBe('abcde');
    expect(onValue).toHaveBeenLastCalledWith('abcde');
    expect(onValue.mock.calls.every(([value]) => value.length <= 5)).toBe(true);
  });

  it('ignores a longer value that bypasses the native limit (autofill, script) instead of cutting it', () => {
    const onValue = vi.fn();
    renderUi(<Controlled maxLength={5} onValue={onValue} />);
    fireEvent.change(input(), { target: { value: 'abc' } });
    fireEvent.change(input(), { target: { value: 'abcdefgh' } });
    expect(onValue.mock.calls).toEqual([['abc']]);
    expect(input().value).toBe('abc');
  });

  it('defaults to the contract password ceiling and a current-password autocomplete', () => {
    renderUi(<Controlled />);
    expect(input().maxLength).toBe(PASSWORD_MAX);
    expect(input().getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('NewPasswordField shows the strength meter (ui/components/PasswordStrengthMeter.test.tsx judges it)', () => {
    renderUi(<NewPasswordField label="Password" value="" strengthMinimum={5} />);
    expect(input().getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('marks an error on the input', () => {
    renderUi(<Controlled error="Password is required" />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Password is required');
  });
});
