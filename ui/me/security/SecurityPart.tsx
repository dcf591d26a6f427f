import { type ReactNode, useId, useRef } from 'react';
import { useHeadingFocus } from '../../form/useHeadingFocus';
import './security.css';

export interface SecurityPartProps {
  title: ReactNode;
  children: ReactNode;
  /** The heading takes the focus when the part opens (a form or an end appears in its place). */
  focusOnMount?: boolean;
}

/** One part of /me's Security section (password, account deletion): an h3 under the section's h2, then its body. */
export function SecurityPart({ title, children, focusOnMount = false }: SecurityPartProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef, focusOnMount);
  return (
    <section className="me-security-part" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="me-security-part__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
