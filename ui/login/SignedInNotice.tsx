import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../components/Alert';

export interface SignedInNoticeProps {
  /** The account this browser is signed in to. */
  email: string;
  /** The link on to /me, drawn by the route. */
  continueLink: (children: ReactNode) => ReactNode;
}

/**
 * A visitor who is signed in already and opens /login or /register is offered their account instead of being sent
 * there unasked (docs/decisions/product.md 'Signed in on /login or /register'); the form stays for another account.
 */
export function SignedInNotice({ email, continueLink }: SignedInNoticeProps) {
  return (
    <Alert tone="info">
      <p>
        <Trans>You are logged in as {email}.</Trans> {continueLink(<Trans>Continue to your account</Trans>)}
      </p>
    </Alert>
  );
}
