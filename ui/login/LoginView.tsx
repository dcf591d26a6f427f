import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from '../../machines/login/login.machine';
import { Loader } from '../components/Loader';
import { focusField } from '../form/useFormFocus';
import { CodeForm } from './CodeForm';
import type { OrganisationSentBack } from './OrganisationSignIn';
import { PasswordForm } from './PasswordForm';
import { RecoveryForm } from './RecoveryForm';
import { SetupForm } from './SetupForm';
import type { LoginActorRef, RenderLink } from './types';
import '../components/FormFrame.css';

export interface LoginViewProps {
  actorRef: LoginActorRef;
  /** Links to forgot password, register and start (the route passes the router's Link). */
  renderLink: RenderLink;
  /** The site's contact address, for someone without authenticator and recovery codes and without an admin. */
  contactEmail: string;
  /** 'Sign in with your organisation' as the server sent the visitor back (the route's validated search). */
  organisation?: OrganisationSentBack;
  /** The passkey sign-in beside the password form (ui/login/PasskeySignIn.tsx), where the route offers it. */
  passkey?: ReactNode;
}

type Screen = 'password' | 'code' | 'recovery' | 'setup' | 'redirecting';

/** The form on screen for a state of the login machine (a submitting state keeps its form). */
function screenOf(state: SnapshotFrom<typeof loginMachine>): Screen {
  if (state.matches('enteringCode') || state.matches('submittingCode')) return 'code';
  if (state.matches('enteringRecoveryCode') || state.matches('submittingRecoveryCode')) return 'recovery';
  if (state.matches('settingUpTwoFactor')) return 'setup';
  if (state.matches('redirecting')) return 'redirecting';
  return 'password';
}

/**
 * spec 2 Login on screen: each form by the machine's state. When the form changes, focus moves to its first
 * field (for the setup, its heading), so keyboard and screen-reader users start where the new form starts;
 * a refusal that spec 8 places under a field focuses that field.
 */
export function LoginView({ actorRef, renderLink, contactEmail, organisation, passkey }: LoginViewProps) {
  const { t } = useLingui();
  const screen = useSelector(actorRef, screenOf);
  const error = useSelector(actorRef, (s) => s.context.error);
  const setupRef = useSelector(actorRef, (s) => s.children.twoFactorSetup);
  const rootRef = useRef<HTMLDivElement>(null);
  const shownScreen = useRef(screen);

  useEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    focusStart(rootRef.current, screen);
  }, [screen]);

  useEffect(() => {
    if (error?.field) focusField(rootRef.current, error.field);
  }, [error]);

  return (
    <div ref={rootRef} className="login-view">
      {screen === 'password' ? (
        <PasswordForm
          actorRef={actorRef}
          renderLink={renderLink}
          organisation={organisation}
          passkey={passkey}
        />
      ) : null}
      {screen === 'code' ? <CodeForm actorRef={actorRef} /> : null}
      {screen === 'recovery' ? <RecoveryForm actorRef={actorRef} contactEmail={contactEmail} /> : null}
      {screen === 'setup' && setupRef ? <SetupForm actorRef={actorRef} setupRef={setupRef} /> : null}
      {screen === 'redirecting' ? <Loader label={t`Logging you in…`} /> : null}
    </div>
  );
}

/**
 * Where a new form starts: the first field of the password, code and recovery forms. The setup form focuses its
 * own heading once its (lazily loaded) view is on screen; a page that is leaving keeps the focus where it is.
 */
function focusStart(root: HTMLElement | null, screen: Screen): void {
  if (screen === 'password' || screen === 'code' || screen === 'recovery')
    root?.querySelector<HTMLInputElement>('form input')?.focus();
}
