import { Trans } from '@lingui/react/macro';
import { Alert } from '../components/Alert';

/** Why the visitor was sent to /login by the site itself (routes/search.ts `LoginSearch.notice`). */
type LoginNoticeKind = 'signedOut' | 'accountDeleted';

/**
 * The word a visitor sent to /login gets, so the page is not a bare form (docs/decisions/product.md 'Signed out
 * elsewhere'): their session ended (elsewhere, or by signing this device out), or their account was deleted.
 */
export function LoginNotice({ notice }: { notice: LoginNoticeKind }) {
  return (
    <Alert tone="info">
      <p>
        {notice === 'signedOut' ? (
          <Trans>You were signed out. Log in again to continue.</Trans>
        ) : (
          <Trans>Your account was deleted. We are sorry to see you go.</Trans>
        )}
      </p>
    </Alert>
  );
}
