import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Refusal } from '../../../machines/form/refusal';
import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { refusalText } from '../../form/fieldText';

export interface ListLoadStateProps {
  loading: boolean;
  /** What is being loaded, said while it loads ('Loading your sessions…'). */
  loadingText: ReactNode;
  /** The failed load's refusal, when it failed (docs/decisions/product.md Profile and lists: a quiet message and a retry). */
  failure: Refusal | undefined;
  failedText: ReactNode;
  onRetry: () => void;
  /** The session ended elsewhere: the page is on its way to /login (docs/decisions/security.md: Sessions and devices). */
  signedOut: boolean;
}

/**
 * The states a Security list (sessions, passkeys) shares before its rows: loading (the rows' shapes under the words,
 * a status region), failed with a retry, signed out.
 */
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
      {loading ? <Skeleton label={loadingText} rows={2} /> : null}
      {failure ? (
        <div className="me-sessions__failure" role="alert">
          <p>
            {failedText} {refusalText(i18n, failure)}
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
