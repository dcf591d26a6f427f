import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ErrorCode } from '../../../api/contract/errorCodes';
import { failureText } from '../../../i18n/failureText';
import { Button } from '../../components/Button';

export interface ListLoadStateProps {
  loading: boolean;
  /** What is being loaded, said while it loads ('Loading your sessions…'). */
  loadingText: ReactNode;
  /** The failed load's code, when it failed (docs/decisions.md Profile and lists: a quiet message and a retry). */
  failure: ErrorCode | undefined;
  failedText: ReactNode;
  onRetry: () => void;
  /** The session ended elsewhere: the page is on its way to /login (docs/decisions.md: Sessions and devices). */
  signedOut: boolean;
}

/** The states a Security list (sessions, passkeys) shares before its rows: loading, failed with a retry, signed out. */
export function ListLoadState({
  loading,
  loadingText,
  failure,
  failedText,
  onRetry,
  signedOut,
}: ListLoadStateProps) {
  const { i18n } = useLingui();
  return (
    <>
      {loading ? <output className="me-sessions__status">{loadingText}</output> : null}
      {failure ? (
        <div className="me-sessions__failure" role="alert">
          <p>
            {failedText} {failureText(i18n, failure)}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {signedOut ? (
        <output className="me-sessions__status">
          <Trans>You are signed out. Taking you to the login page…</Trans>
        </output>
      ) : null}
    </>
  );
}
