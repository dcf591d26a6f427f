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

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    // The native maxlength stops typing in browsers; this also covers autofill and scripted input.
    if (event.target.value.length > maxLength) return;
    onChange?.(event);
    onValueChange?.(event.target.value);
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
      trailing={toggle}
      below={below}
    />
  );
}
