import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MAX } from '../../api/contract/limits';
import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { renderUi } from './testing';

// A fake scorer: the real dictionaries are exercised in loadZxcvbn.test.ts. Here one point per 3 characters.
const loadZxcvbn = vi.hoisted(() =>
  vi.fn(async (_language: string) => (password: string) => Math.min(4, Math.floor(password.length / 3))),
);
vi.mock('./loadZxcvbn', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./loadZxcvbn')>()),
  loadZxcvbn,
}));

beforeEach(() => loadZxcvbn.mockClear());

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
    expect(loadZxcvbn).not.toHaveBeenCalled();
  });

  it('shows the strength meter for a new password, following spec 5 percent and tone', async () => {
    const { user } = renderUi(<Controlled showStrength />);
    expect(input().getAttribute('autocomplete')).toBe('new-password');
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() => expect(loadZxcvbn).toHaveBeenCalledWith('en'));

    await user.type(input(), 'ab'); // fake score 0 -> 25 %, red
    await waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('25'));
    const bar = meter.firstElementChild as HTMLElement;
    expect(bar.dataset.tone).toBe('weak');
    expect(bar.style.width).toBe('25%');
    expect(meter.getAttribute('aria-valuetext')).toBe('Weak (25%)');

    await user.type(input(), 'cdef'); // 6 characters, score 2 -> 75 %, orange
    expect(meter.getAttribute('aria-valuenow')).toBe('75');
    expect(bar.dataset.tone).toBe('fair');
    expect(screen.getByText('Fair')).toBeTruthy();

    await user.type(input(), 'ghijkl'); // 12 characters, score 4 -> clamped to 100 %, green
    expect(meter.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.dataset.tone).toBe('strong');

    await user.clear(input());
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.dataset.tone).toBeUndefined();
  });

  it('loads the German dictionaries for a German locale', async () => {
    renderUi(<Controlled showStrength />, { locale: 'de-DE' });
    await waitFor(() => expect(loadZxcvbn).toHaveBeenCalledWith('de'));
  });

  it('marks an error on the input', () => {
    renderUi(<Controlled error="Password is required" />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Password is required');
  });
});
