import type { ReactNode } from 'react';

export interface VisuallyHiddenProps {
  children: ReactNode;
  id?: string;
}

/** Text for assistive technology only (e.g. the step text of the dots-only stepper). */
export function VisuallyHidden({ children, id }: VisuallyHiddenProps) {
  return (
    <span className="ui-visually-hidden" id={id}>
      {children}
    </span>
  );
}
