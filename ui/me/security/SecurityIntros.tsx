/**
 * The closed Password, E-mail address and Delete account parts: the same words on /me's first load (before their
 * machines are loaded, containers/me/securityAccount.tsx) and in their machines' idle state.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';
import { useFocusWhen } from '../../form/useHeadingFocus';
import { SecurityPart } from './SecurityPart';

export interface IntroProps {
  onOpen: () => void;
  busy?: boolean;
  /** The part was open and has closed (Cancel, or done): its button takes the focus back. */
  refocus?: boolean;
}

/**
 * Whether a part that is closed now (`idle`) was open before: the intro it draws again then gives the focus back to
 * the button that opened it (the kit's focus rule: a part closing returns the focus to its opener).
 */
export function useWasOpen(idle: boolean): boolean {
  const opened = useRef(false);
  useEffect(() => {
    if (!idle) opened.current = true;
  }, [idle]);
  return idle && opened.current;
}

function useOpener(refocus: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  useFocusWhen(button, refocus);
  return button;
}

export function PasswordIntro({ onOpen, busy = false, refocus = false }: IntroProps) {
  const opener = useOpener(refocus);
  return (
    <SecurityPart
      title={<Trans>Password</Trans>}
      description={
        <Trans>Change the password you log in with. Every other place you are signed in is signed out.</Trans>
      }
      action={
        <Button ref={opener} variant="secondary" busy={busy} onClick={onOpen}>
          <Trans>Change password</Trans>
        </Button>
      }
    />
  );
}

/** The E-mail address part, closed: the address the account has now (spec 3 email) and its Change button. */
export function EmailIntro({ email, onOpen, busy = false, refocus = false }: IntroProps & { email: string }) {
  const opener = useOpener(refocus);
  return (
    <SecurityPart
      title={<Trans>E-mail address</Trans>}
      description={
        <Trans>
          You log in with <strong className="me-security-part__email">{email}</strong>, and we write to you
          there.
        </Trans>
      }
      action={
        <Button ref={opener} variant="secondary" busy={busy} onClick={onOpen}>
          <Trans>Change e-mail address</Trans>
        </Button>
      }
    />
  );
}

export function DeleteAccountIntro({ onOpen, busy = false, refocus = false }: IntroProps) {
  const opener = useOpener(refocus);
  return (
    <SecurityPart
      title={<Trans>Delete account</Trans>}
      description={
        <Trans>Delete your account and everything that belongs to it. This cannot be undone.</Trans>
      }
      action={
        <Button ref={opener} variant="danger" busy={busy} onClick={onOpen}>
          <Trans>Delete account…</Trans>
        </Button>
      }
    />
  );
}
