import { Trans } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import { useHeadingFocus } from '../form/useHeadingFocus';
import '../styles/layout.css';
import { Button } from './Button';

export interface ErrorPageProps {
  /** Defaults to 'Sorry, something went wrong' (spec 2). */
  title?: ReactNode;
  /** Further explanation or links under the title. */
  children?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  /** Defaults to 'Try again'. */
  retryLabel?: ReactNode;
}

/**
 * The whole-screen failure message. Its heading takes focus when it appears, so a screen reader announces
 * the failure that replaced the content the user was working with.
 */
export function ErrorPage({ title, children, onRetry, retryLabel }: ErrorPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="ui-error-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {title ?? <Trans>Sorry, something went wrong</Trans>}
      </h1>
      {children ? <div className="ui-error-page__text">{children}</div> : null}
      {onRetry ? (
        <Button variant="primary" onClick={onRetry}>
          {retryLabel ?? <Trans>Try again</Trans>}
        </Button>
      ) : null}
    </section>
  );
}
