/**
 * The closed Password, E-mail address and Delete account parts: the same words on /me's first load (before their
 * machines are loaded, routes/meSecurityAccount.tsx) and in their machines' idle state.
 */
import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { SecurityPart } from './SecurityPart';

export interface IntroProps {
  onOpen: () => void;
  busy?: boolean;
}

export function PasswordIntro({ onOpen, busy = false }: IntroProps) {
  return (
    <SecurityPart title={<Trans>Password</Trans>}>
      <p>
        <Trans>Change the password you log in with. Every other place you are signed in is signed out.</Trans>
      </p>
      <Button variant="secondary" busy={busy} onClick={onOpen}>
        <Trans>Change password</Trans>
      </Button>
    </SecurityPart>
  );
}

/** The E-mail address part, closed: the address the account has now (spec 3 email) and its Change button. */
export function EmailIntro({ email, onOpen, busy = false }: IntroProps & { email: string }) {
  return (
    <SecurityPart title={<Trans>E-mail address</Trans>}>
      <p>
        <Trans>
          You log in with <strong className="me-security-part__email">{email}</strong>, and we write to you
          there.
        </Trans>
      </p>
      <Button variant="secondary" busy={busy} onClick={onOpen}>
        <Trans>Change e-mail address</Trans>
      </Button>
    </SecurityPart>
  );
}

export function DeleteAccountIntro({ onOpen, busy = false }: IntroProps) {
  return (
    <SecurityPart title={<Trans>Delete account</Trans>}>
      <p>
        <Trans>Delete your account and everything that belongs to it. This cannot be undone.</Trans>
      </p>
      <Button variant="danger" busy={busy} onClick={onOpen}>
        <Trans>Delete account…</Trans>
      </Button>
    </SecurityPart>
  );
}
