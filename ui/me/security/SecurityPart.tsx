import { type ReactNode, useId, useRef } from 'react';
import { Heading, Subheadings } from '../../components/headingLevel';
import { useHeadingFocus } from '../../form/useHeadingFocus';
import { MethodRow } from './MethodRow';
import './security.css';

export interface SecurityPartProps {
  title: ReactNode;
  /** The state beside the name (a Badge), for a sign-in method's row. */
  status?: ReactNode;
  /** The line under the name. */
  description?: ReactNode;
  /** The row's one action, beside the text where the row is wide (ui/me/security/MethodRow.tsx). */
  action?: ReactNode;
  children?: ReactNode;
  /** The heading takes the focus when the part opens (a form or an end appears in its place). */
  focusOnMount?: boolean;
}

/**
 * One part of /me's Security section (password, passkeys, e-mail, account deletion): a heading at the level its
 * container gives (h3 under the section's h2, h4 in a group), laid out as a method row (its state, its line, its
 * action), then its body at full width, whose headings are one level under the part's.
 */
export function SecurityPart({
  title,
  status,
  description,
  action,
  children,
  focusOnMount = false,
}: SecurityPartProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef, focusOnMount);
  return (
    <section className="me-security-part" aria-labelledby={headingId}>
      <MethodRow
        heading={
          <Heading id={headingId} ref={headingRef} tabIndex={-1} className="me-security-part__title">
            {title}
          </Heading>
        }
        status={status}
        description={description}
        action={action}
      >
        <Subheadings>{children}</Subheadings>
      </MethodRow>
    </section>
  );
}
