import { Trans } from '@lingui/react/macro';
import { Alert } from '../components/Alert';

/**
 * Why the visitor was sent to /login by the site itself (routes/search/search.ts `LoginSearch.notice`), or what the server
 * answered the login form sent before the page's scripts ran.
 */
type LoginNoticeKind = 'signedOut' | 'accountDeleted' | 'codeNeedsScripts';

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
        ) : notice === 'accountDeleted' ? (
          <Trans>Your account was deleted. We are sorry to see you go.</Trans>
        ) : (
          // The login form sent before the page's scripts ran, for an account with a second factor
          // (docs/decisions/product.md: Forms that work before their scripts).
          <Trans>
            Your password is right, and your account also asks for a one-time code. This page asks for the
            code once its scripts have loaded: turn JavaScript on or wait a moment, then log in again.
          </Trans>
        )}
      </p>
    </Alert>
  );
}
