import { type ReactNode, useId, useRef } from 'react';
import { useHeadingFocus } from '../form/useHeadingFocus';
import '../components/FormFrame.css';

/**
 * A result page of the password flows (confirmation, success, invalid link): heading, text, the way on. The
 * heading takes the focus when the page appears, so screen readers announce the new page.
 */
export function PasswordPage({
  title,
  children,
  after,
}: {
  title: ReactNode;
  children: ReactNode;
  after: ReactNode;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="form-frame" aria-labelledby={titleId}>
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div className="form-frame__intro">{children}</div>
      <div className="form-frame__after">{after}</div>
    </section>
  );
}
