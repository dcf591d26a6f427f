import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { changeEmail, changePassword, deleteAccount } from '../../api/actors';
import type { UserProfile } from '../../api/contract/profile';
import { changeEmailMachine } from '../../machines/changeEmail/changeEmail.machine';
import { changePasswordMachine } from '../../machines/changePassword/changePassword.machine';
import { deleteAccountMachine } from '../../machines/deleteAccount/deleteAccount.machine';
import { resendBy } from '../../machines/resend/resend.machine';
import { ChangeEmailPart } from '../../ui/me/security/ChangeEmailPart';
import { ChangePasswordPart } from '../../ui/me/security/ChangePasswordPart';
import { DeleteAccountPart } from '../../ui/me/security/DeleteAccountPart';
import type { SecurityAccountPart } from './securityAccount';
import { stepUpWithCalls } from './stepUpProof';

/**
 * The password, e-mail or deletion part (loaded on the first click, containers/me/securityAccount.tsx): owns its
 * actor for the rest of the visit, with the step-up child and its call, and opens at once. A deleted account has no
 * session: the page leaves for the login page (docs/decisions/security.md: Deleting an account).
 * @public loaded with import() by containers/me/securityAccount.tsx as a whole module, which knip does not follow.
 */
export function SecurityAccountPartOpen({
  part,
  profile,
  loginHref,
  onPasswordChanged,
}: {
  part: SecurityAccountPart;
  profile: UserProfile;
  loginHref: string;
  onPasswordChanged: () => void;
}) {
  if (part === 'password') return <PasswordPart profile={profile} onPasswordChanged={onPasswordChanged} />;
  if (part === 'email') return <EmailPart profile={profile} />;
  return <DeletionPart profile={profile} loginHref={loginHref} />;
}

/** Opens the part once its machine exists (a second open, in StrictMode, is ignored by the machine). */
function useOpenAtOnce(actorRef: { send: (event: { type: 'panel.open' }) => void }) {
  useEffect(() => actorRef.send({ type: 'panel.open' }), [actorRef]);
}

function PasswordPart({
  profile,
  onPasswordChanged,
}: {
  profile: UserProfile;
  onPasswordChanged: () => void;
}) {
  const [machine] = useState(() =>
    changePasswordMachine.provide({ actors: { changePassword, stepUp: stepUpWithCalls() } }),
  );
  const password = useActorRef(machine, { input: { twoFactorEnabled: profile.twoFactorEnabled } });
  useOpenAtOnce(password);
  // The change signed every other place out: the page's sessions list is drawn afresh.
  const passwordChanged = useSelector(password, (s) => s.matches('done'));
  useEffect(() => {
    if (passwordChanged) onPasswordChanged();
  }, [passwordChanged, onPasswordChanged]);
  return <ChangePasswordPart actorRef={password} userInputs={[profile.email, profile.screenName]} />;
}

function EmailPart({ profile }: { profile: UserProfile }) {
  const [machine] = useState(() =>
    changeEmailMachine.provide({
      actors: { changeEmail, resendMail: resendBy(changeEmail), stepUp: stepUpWithCalls() },
    }),
  );
  const email = useActorRef(machine, {
    input: { twoFactorEnabled: profile.twoFactorEnabled, currentEmail: profile.email },
  });
  useOpenAtOnce(email);
  return <ChangeEmailPart actorRef={email} />;
}

function DeletionPart({ profile, loginHref }: { profile: UserProfile; loginHref: string }) {
  const [machine] = useState(() =>
    deleteAccountMachine.provide({
      actors: { deleteAccount, stepUp: stepUpWithCalls() },
      actions: { accountDeleted: () => window.location.assign(loginHref) },
    }),
  );
  const deletion = useActorRef(machine, {
    input: { twoFactorEnabled: profile.twoFactorEnabled, email: profile.email },
  });
  useOpenAtOnce(deletion);
  return <DeleteAccountPart actorRef={deletion} />;
}
