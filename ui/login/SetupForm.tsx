import { useSelector } from '@xstate/react';
import { LazyPart } from '../components/LazyPart';
import type { TwoFactorSetupActorRef } from '../twoFactor/types';
import { BackToLogin } from './BackToLogin';
import type { LoginActorRef } from './types';

/**
 * Loaded when a login first needs it: most visitors never set two-factor up at login, and the first load has a
 * size budget (scripts/size.ts).
 */
const loadSetupView = () => import('../twoFactor/TwoFactorSetupView');

/**
 * spec 2 Login: the authenticator setup form when two-factor is not set up (spec 2 Two-factor setup), with the
 * back-to-login link. The setup is the page now: its heading is the page's one heading (no 'Log in' above it),
 * and, like every form change, takes the focus (the setup view does that for each of its stages). Once the code
 * is accepted the user is logged in and is shown their recovery codes; going back to the login form then would
 * only hide them, so the link goes away.
 */
export function SetupForm({
  actorRef,
  setupRef,
}: {
  actorRef: LoginActorRef;
  setupRef: TwoFactorSetupActorRef;
}) {
  // Still on its steps; codes shown or done is past the point of return. Only a machine snapshot can tell
  // (model tests stand a promise in for the setup): without `matches`, it counts as still setting up.
  const stillSettingUp = useSelector(setupRef, (s) => !('matches' in s) || s.matches('settingUp'));
  return (
    <section className="form-frame">
      <LazyPart load={loadSetupView} what="two-factor setup">
        {({ TwoFactorSetupView }) => <TwoFactorSetupView actorRef={setupRef} />}
      </LazyPart>
      {stillSettingUp ? (
        <div className="form-frame__after">
          <BackToLogin onClick={() => actorRef.send({ type: 'reset' })} />
        </div>
      ) : null}
    </section>
  );
}
