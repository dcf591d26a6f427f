import type { ReactNode } from 'react';
import './security.css';

export interface MethodRowProps {
  /** The method's name: its heading element (the caller owns its level, id and focus). */
  heading: ReactNode;
  /** Its state, a Badge (text, so it says the same without colour), read right after the name. */
  status?: ReactNode;
  /** One line on what the method does, or what it is now. */
  description?: ReactNode;
  /** The one action of the closed row (a button): beside the text on a wide row, under it on a narrow one. */
  action?: ReactNode;
  /** What opens in place (a form, a list, a note): the row's full width, below its head. */
  children?: ReactNode;
}

/**
 * One row of /me's sign-in methods (docs/decisions/product.md: /me sections): the name with its state and a line
 * of description on the left, the action on the right, vertically centred; below 36rem of row width the action goes
 * under the text. The order in the DOM is the order read and tabbed through: name, state, description, action.
 */
export function MethodRow({ heading, status, description, action, children }: MethodRowProps) {
  return (
    <>
      <div className="me-method">
        <div className="me-method__text">
          <div className="me-method__name">
            {heading}
            {status}
          </div>
          {description ? <p className="me-method__description">{description}</p> : null}
        </div>
        {action ? <div className="me-method__action">{action}</div> : null}
      </div>
      {children}
    </>
  );
}
