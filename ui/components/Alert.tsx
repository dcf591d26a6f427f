import type { ReactNode } from 'react';
import '../styles/alert.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
}

/**
 * A message box: form-level errors (role=alert, announced at once) and notes such as 'Please verify your
 * email address.' (role=status, announced politely).
 */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div className="ui-alert" data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="ui-alert__title">{title}</p> : null}
      <div className="ui-alert__body">{children}</div>
    </div>
  );
}
