import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OTP_LENGTH, RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import { OneTimeCodeField, type OneTimeCodeFieldProps } from './OneTimeCodeField';
import { renderUi } from './testing';

function Controlled(props: Partial<OneTimeCodeFieldProps> & { onValue?: (value: string) => void }) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState('');
  return (
    <OneTimeCodeField
      label="Code"
      {...rest}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const input = () => screen.getByLabelText('Code') as HTMLInputElement;

describe('OneTimeCodeField', () => {
  it('is one numeric input that OS code autofill can fill', () => {
    renderUi(<Controlled />);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(input().getAttribute('autocomplete')).toBe('one-time-code');
    expect(input().getAttribute('inputmode')).toBe('numeric');
    expect(input().maxLength).toBe(OTP_LENGTH);
  });

  it('switches to text input for recovery codes', () => {
    renderUi(<Controlled inputMode="text" length={RECOVERY_CODE_LENGTH} />);
    expect(input().getAttribute('inputmode')).toBe('text');
    expect(input().maxLength).toBe(RECOVERY_CODE_LENGTH);
  });

  it('cleans spaces and dashes out of a paste before the length limit applies', async () => {
    const onValue = vi.fn();
    const { user } = renderUi(<Controlled onValue={onValue} />);
    await user.click(input());
    await user.paste('123 456');
    expect(input().value).toBe('123456');
    expect(onValue).toHaveBeenLastCalledWith('123456');
  });

  it('cleans a dashed recovery code and cuts what exceeds the length', async () => {
    const { user } = renderUi(<Controlled inputMode="text" />);
    await user.click(input());
    await user.paste(' ab-c1-2z9 ');
    expect(input().value).toBe('abc12z');
  });

  it('inserts a paste at the caret', async () => {
    const { user } = renderUi(<Controlled />);
    await user.type(input(), '16');
    await user.keyboard('{ArrowLeft}');
    await user.paste('2-3');
    expect(input().value).toBe('1236');
  });

  it('drops spaces and dashes while typing', async () => {
    const { user } = renderUi(<Controlled />);
    await user.type(input(), '12 3-45');
    expect(input().value).toBe('12345');
  });

  it('shows its error tied to the input', () => {
    renderUi(<Controlled error="Please enter valid code" />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { description: 'Please enter valid code' })).toBe(input());
  });
});
