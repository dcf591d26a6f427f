import type { ComponentPropsWithRef, ReactNode } from 'react';
import '../styles/field.css';

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> & {
  /** Accessible name; an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  /** For toggles (e.g. the pencil that switches manual subdomain editing on): sets aria-pressed. */
  pressed?: boolean;
};

/** A square icon-only button (pencil, copy, close), usable as a field's trailing control. */
export function IconButton({
  label,
  icon,
  pressed,
  type = 'button',
  className,
  ...buttonProps
}: IconButtonProps) {
  return (
    <button
      {...buttonProps}
      type={type}
      className={className ? `ui-field__toggle ${className}` : 'ui-field__toggle'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
    >
      {icon}
    </button>
  );
}
