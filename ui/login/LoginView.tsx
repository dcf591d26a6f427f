import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { REMEMBERED_DEVICE_DAYS } from '../../api/contract/limits';
import type { loginMachine } from '../../machines/login/login.machine';
import { LoadedPart, useLoadedPart } from '../components/LazyPart';
import { Loader } from '../components/Loader';
import { useStartFocus } from '../form/useHeadingFocus';
import type { OrganisationSentBack } from './OrganisationSignIn';
import { PasswordForm } from './PasswordForm';
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
  /** How many days 'Remember this device' lasts (the server's, as the page tells it; docs/decisions/security.md). */
  rememberDays?: number;
}

/**
 * The code and recovery-code forms in a chunk of their own, loaded while the password is checked (most logins
 * need no code; /login's first load has a budget, scripts/size.ts).
 */
const loadCodeForms = () => import('./codeForms');

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
 * field (for the setup, its heading), so keyboard and screen-reader users start where the new form starts; each
 * form focuses the field a refusal is placed under (the form kit, useLoginForm).
 */
export function LoginView({
  actorRef,
  renderLink,
  contactEmail,
  organisation,
  passkey,
  rememberDays = REMEMBERED_DEVICE_DAYS,
}: LoginViewProps) {
  const { t } = useLingui();
  const screen = useSelector(actorRef, screenOf);
  const setupRef = useSelector(actorRef, (s) => s.children.twoFactorSetup);
  const rootRef = useRef<HTMLDivElement>(null);
  const codeScreen = screen === 'code' || screen === 'recovery';
  const passwordSent = useSelector(actorRef, (s) => s.matches('submittingPassword'));
  const codeForms = useLoadedPart(loadCodeForms, 'code forms', { enabled: passwordSent || codeScreen });
  const formOnScreen = !codeScreen || codeForms.status === 'loaded';
  // A new password, code or recovery form starts at its first field (once its chunk is there); the setup focuses
  // its own heading once its (lazily loaded) view is on screen; a page that is leaving keeps the focus where it is.
  useStartFocus(rootRef, screen === 'setup' || screen === 'redirecting' || !formOnScreen ? false : screen);

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
      {codeScreen ? (
        <LoadedPart part={codeForms}>
          {({ CodeForm, RecoveryForm }) =>
            screen === 'code' ? (
              <CodeForm actorRef={actorRef} rememberDays={rememberDays} />
            ) : (
              <RecoveryForm actorRef={actorRef} contactEmail={contactEmail} rememberDays={rememberDays} />
            )
          }
        </LoadedPart>
      ) : null}
      {screen === 'setup' && setupRef ? <SetupForm actorRef={actorRef} setupRef={setupRef} /> : null}
      {screen === 'redirecting' ? <Loader label={t`Logging you in…`} /> : null}
    </div>
  );
}
