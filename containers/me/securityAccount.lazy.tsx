import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { changeEmail, changePassword, deleteAccount } from '../../api/actors';
import type { UserProfile } from '../../api/contract/profile';
import { changeEmailMachine } from '../../machines/changeEmail/changeEmail.machine';
import { changePasswordMachine } from '../../machines/changePassword/changePassword.machine';
import { deleteAccountMachine } from '../../machines/deleteAccount/deleteAccount.machine';
import { ChangeEmailPart } from '../../ui/me/security/ChangeEmailPart';
import { ChangePasswordPart } from '../../ui/me/security/ChangePasswordPart';
import { DeleteAccountPart } from '../../ui/me/security/DeleteAccountPart';
import type { SecurityAccountPart } from './securityAccount';
import { stepUpWithCalls } from './stepUpProof';

/**
 * The password, e-mail and deletion parts (loaded on the first click, containers/me/securityAccount.tsx): owns their
 * actors for the rest of the visit, each with the step-up child and its call. The part clicked opens at once. A
 * deleted account has no session: the page leaves for the login page (docs/decisions/security.md: Deleting an account).
 * @public loaded with import() by containers/me/securityAccount.tsx as a whole module, which knip does not follow.
 */
export function SecurityAccountParts({
  profile,
  loginHref,
  open,
  onPasswordChanged,
}: {
  profile: UserProfile;
  loginHref: string;
  open: SecurityAccountPart;
  onPasswordChanged: () => void;
}) {
  const [machines] = useState(() => {
    const proof = stepUpWithCalls();
    return {
      password: changePasswordMachine.provide({ actors: { changePassword, stepUp: proof } }),
      email: changeEmailMachine.provide({ actors: { changeEmail, stepUp: proof } }),
      deletion: deleteAccountMachine.provide({
        actors: { deleteAccount, stepUp: proof },
        actions: { accountDeleted: () => window.location.assign(loginHref) },
      }),
    };
  });
  const input = { twoFactorEnabled: profile.twoFactorEnabled };
  const password = useActorRef(machines.password, { input });
  const email = useActorRef(machines.email, { input: { ...input, currentEmail: profile.email } });
  const deletion = useActorRef(machines.deletion, { input: { ...input, email: profile.email } });
  // The clicked part opens once its machine exists (a second open, in StrictMode, is ignored by the machine).
  const first = { password, email, delete: deletion }[open];
  useEffect(() => first.send({ type: 'panel.open' }), [first]);
  // The change signed every other place out: the page's sessions list is drawn afresh.
  const passwordChanged = useSelector(password, (s) => s.matches('done'));
  useEffect(() => {
    if (passwordChanged) onPasswordChanged();
  }, [passwordChanged, onPasswordChanged]);
  return (
    <>
      <ChangePasswordPart actorRef={password} userInputs={[profile.email, profile.screenName]} />
      <ChangeEmailPart actorRef={email} />
      <DeleteAccountPart actorRef={deletion} />
    </>
  );
}
