import type { ChangeEvent, ClipboardEvent } from 'react';
import { cleanCode } from '../../api/contract/common';
import { OTP_LENGTH } from '../../api/contract/limits';
import { TextField, type TextFieldProps } from './TextField';

export type OneTimeCodeFieldProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'inputMode' | 'maxLength' | 'onValueChange'
> & {
  value: string;
  /** Receives the cleaned value on typing, autofill and paste (paste never fires onChange). */
  onValueChange: (value: string) => void;
  /** numeric for the 6-digit authenticator code; text for 6-character recovery codes. */
  inputMode?: 'numeric' | 'text';
  /** Defaults to OTP_LENGTH (spec 9). */
  length?: number;
};

/**
 * One input for a one-time code, so OS and password-manager autofill (autocomplete=one-time-code) can fill
 * it in one go. Spaces and dashes are dropped from pastes and typing ("123 456" -> "123456").
 */
export function OneTimeCodeField({
  value,
  onValueChange,
  inputMode = 'numeric',
  length = OTP_LENGTH,
  autoComplete = 'one-time-code',
  onChange,
  onPaste,
  className,
  ...fieldProps
}: OneTimeCodeFieldProps) {
  const emit = (next: string) => {
    const cleaned = cleanCode(next).slice(0, length);
    if (cleaned !== value) onValueChange(cleaned);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    emit(event.target.value);
  };

  // The browser would cut a pasted "123 456" at maxlength before we could clean it ("123 45"), so the
  // paste is cleaned first and inserted by hand at the selection.
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    emit(value.slice(0, start) + cleanCode(event.clipboardData.getData('text')) + value.slice(end));
  };

  return (
    <TextField
      {...fieldProps}
      type="text"
      value={value}
      inputMode={inputMode}
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={length}
      className={className ? `ui-field__input--code ${className}` : 'ui-field__input--code'}
      onChange={handleChange}
      onPaste={handlePaste}
    />
  );
}
