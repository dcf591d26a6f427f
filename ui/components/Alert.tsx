import type { ReactNode } from 'react';
import '../styles/alert.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  /**
   * false: a box that is on the page from the start and holds parts that change by themselves (a countdown), so it
   * is no live region (a screen reader would read every change); the parts that should be heard are their own.
   */
  live?: boolean;
}

/**
 * A message box: form-level errors (role=alert, announced at once) and notes such as 'Please verify your
 * email address.' (role=status, announced politely).
 */
export function Alert({ tone = 'info', title, children, live = true }: AlertProps) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div className="ui-alert" data-tone={tone} role={role}>
      {title ? <p className="ui-alert__title">{title}</p> : null}
      <div className="ui-alert__body">{children}</div>
    </div>
  );
}
