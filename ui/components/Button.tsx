import type { ComponentPropsWithRef, MouseEvent } from 'react';
import '../styles/button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'danger';

export interface ButtonStyle {
  variant?: ButtonVariant;
  /** Stretches to the width of its container (form submit buttons on small screens). */
  fullWidth?: boolean;
}

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonStyle & {
    /** Work in progress: shows a spinner, sets aria-busy and ignores clicks, yet keeps focus. */
    busy?: boolean;
  };

/** Class names of a button, for links (e.g. the router's Link) that should look like one. */
export function buttonClassName({ variant = 'primary', fullWidth = false }: ButtonStyle = {}): string {
  return ['ui-button', `ui-button--${variant}`, fullWidth ? 'ui-button--full' : ''].filter(Boolean).join(' ');
}

/**
 * A button. It defaults to type="button" so that only an explicit type="submit" submits a form. While
 * busy it is aria-disabled rather than disabled: a disabled button drops keyboard focus, which would
 * throw a screen-reader user back to the top of the page in the middle of a submit.
 */
export function Button({
  variant = 'primary',
  fullWidth = false,
  busy = false,
  type = 'button',
  className,
  children,
  onClick,
  'aria-disabled': ariaDisabled,
  ...buttonProps
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // preventDefault also stops the form submission a busy submit button would otherwise start.
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  const classes = buttonClassName({ variant, fullWidth });
  return (
    <button
      {...buttonProps}
      type={type}
      className={className ? `${classes} ${className}` : classes}
      aria-busy={busy || undefined}
      aria-disabled={busy || ariaDisabled || undefined}
      onClick={handleClick}
    >
      {busy ? <span className="ui-spinner" aria-hidden="true" /> : null}
      <span className="ui-button__label">{children}</span>
    </button>
  );
}
