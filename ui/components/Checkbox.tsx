import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import '../styles/field.css';
import { useFieldDescription } from './fieldDescription';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  /** May hold links (terms and privacy): the label is a sibling <label>, so a link click never toggles. */
  label: ReactNode;
  hint?: ReactNode;
  /** Inline error: marks the box aria-invalid and is announced (role=alert). */
  error?: ReactNode;
  onCheckedChange?: (checked: boolean) => void;
};

export function Checkbox({
  label,
  hint,
  error,
  onCheckedChange,
  onChange,
  id,
  className,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const ids = useFieldDescription({ id, hasHint: Boolean(hint), hasError, describedBy: ariaDescribedBy });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onCheckedChange?.(event.target.checked);
  };

  return (
    <div className="ui-checkbox" data-invalid={hasError || undefined}>
      <div className="ui-checkbox__row">
        <input
          {...inputProps}
          id={ids.inputId}
          type="checkbox"
          className={className ? `ui-checkbox__input ${className}` : 'ui-checkbox__input'}
          aria-invalid={hasError || undefined}
          aria-describedby={ids.describedBy}
          onChange={handleChange}
        />
        <label htmlFor={ids.inputId} className="ui-checkbox__label">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={ids.hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={ids.errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
