import type { ReactNode } from 'react';
import '../styles/emptyState.css';

export interface EmptyStateProps {
  /** What is not there, and what to do about it when there is something to do ('add some!' as a link). */
  children: ReactNode;
  /** A control beside the message (a button that adds the first one). */
  action?: ReactNode;
}

/** A list or a part with nothing to show: one quiet sentence in place of the rows, and an action when there is one. */
export function EmptyState({ children, action }: EmptyStateProps) {
  return (
    <div className="ui-empty">
      <p className="ui-empty__message">{children}</p>
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}
