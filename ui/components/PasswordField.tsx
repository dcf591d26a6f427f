import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useId, useState } from 'react';
import { PASSWORD_MAX } from '../../api/contract/limits';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing' | 'value'> & {
  value: string;
};

/**
 * Password input with a show/hide toggle (NewPasswordField adds the strength bar). Typing past maxLength is ignored
 * (spec 5): the value simply stops growing, it is never cut afterwards.
 */
export function PasswordField({
  value,
  maxLength = PASSWORD_MAX,
  autoComplete,
  onChange,
  onValueChange,
  below,
  id,
  ...fieldProps
}: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const inputId = id ?? `password-${generatedId}`;

  // The native maxlength stops typing in browsers; this also covers autofill and scripted input (and what a drawn
  // field held before the app took it over, which TextField tells through onValueChange).
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.value.length <= maxLength) onChange?.(event);
  };
  const handleValue = (typed: string) => {
    if (typed.length <= maxLength) onValueChange?.(typed);
  };

  const toggle = (
    <button
      type="button"
      className="ui-field__toggle"
      aria-controls={inputId}
      aria-pressed={visible}
      aria-label={visible ? t`Hide password` : t`Show password`}
      onClick={() => setVisible((shown) => !shown)}
    >
      {visible ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );

  return (
    <TextField
      {...fieldProps}
      id={inputId}
      type={visible ? 'text' : 'password'}
      value={value}
      maxLength={maxLength}
      autoComplete={autoComplete ?? 'current-password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      onChange={handleChange}
      onValueChange={handleValue}
      trailing={toggle}
      below={below}
    />
  );
}
