import type { ReactNode } from 'react';
import '../styles/rowList.css';

export interface RowListProps {
  /** The rows: `Row`s, or the list items of a part that draws its own (a menu's links). */
  children: ReactNode;
  /** The list's id, for a control that shows or hides it (`aria-controls`). */
  id?: string;
}

/** A column of rows without bullets, evenly spaced: cards of things (passkeys, sessions), a menu's links. */
export function RowList({ children, id }: RowListProps) {
  return (
    <ul id={id} className="ui-rows">
      {children}
    </ul>
  );
}

export interface RowProps {
  children: ReactNode;
  /** The part's own class, for the layout of what is inside the row. */
  className?: string;
  /** The row that is this one (this session, the row just added): its border takes the accent. */
  current?: boolean;
}

/** One row of a `RowList`: a card with a hairline border, its content free to wrap at 320 px. */
export function Row({ children, className, current = false }: RowProps) {
  return (
    <li
      className={className ? `ui-rows__row ${className}` : 'ui-rows__row'}
      data-current={current || undefined}
    >
      {children}
    </li>
  );
}
