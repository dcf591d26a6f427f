import { type ChangeEvent, type ComponentPropsWithRef, type ReactNode, useEffect } from 'react';
import '../styles/field.css';
import { useFieldDescription } from './fieldDescription';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'children'> & {
  /** Visible label, tied to the input with for/id. */
  label: ReactNode;
  /** Help text under the label, read after the label (aria-describedby). */
  hint?: ReactNode;
  /** Inline error: marks the input aria-invalid and is announced (role=alert). */
  error?: ReactNode;
  /** Keeps the label for assistive technology only (e.g. a search box with a placeholder). */
  hideLabel?: boolean;
  /** The new value on every change; handier than onChange when sending to a machine. */
  onValueChange?: (value: string) => void;
  /** Inside the control, after the input (e.g. a visibility toggle or an edit button). */
  trailing?: ReactNode;
  /** Under the field (e.g. a strength bar or a subdomain preview). */
  below?: ReactNode;
};

/** A labelled text input with hint and inline error; passes every native input prop through. */
export function TextField({
  label,
  hint,
  error,
  hideLabel = false,
  onValueChange,
  trailing,
  below,
  id,
  type = 'text',
  onChange,
  className,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const ids = useFieldDescription({ id, hasHint: Boolean(hint), hasError, describedBy: ariaDescribedBy });
  // A field drawn by the server may hold what was typed (or autofilled) before the app took the page over: React
  // keeps it while it hydrates, but the form's machine never heard of it, and the next render would put the
  // machine's value back. Told once, as the change it was (docs/decisions/product.md: Forms that work before their
  // scripts). A field the app drew itself holds its given value, so nothing is told.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the field's first commit.
  useEffect(() => {
    const typed = (document.getElementById(ids.inputId) as HTMLInputElement | null)?.value;
    if (typed !== undefined && inputProps.value !== undefined && typed !== String(inputProps.value))
      onValueChange?.(typed);
  }, []);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(event.target.value);
  };

  return (
    <div className="ui-field" data-invalid={hasError || undefined}>
      <label htmlFor={ids.inputId} className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      {hint ? (
        <p id={ids.hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="ui-field__control">
        <input
          {...inputProps}
          id={ids.inputId}
          type={type}
          className={className ? `ui-field__input ${className}` : 'ui-field__input'}
          aria-invalid={hasError || undefined}
          aria-describedby={ids.describedBy}
          onChange={handleChange}
        />
        {trailing ? <div className="ui-field__trailing">{trailing}</div> : null}
      </div>
      {hasError ? (
        <p id={ids.errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {below}
    </div>
  );
}
