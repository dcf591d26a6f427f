import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { focusHeading } from '../components/focusHeading';
import { Loader } from '../components/Loader';
import type { TwoFactorSetupActorRef } from '../twoFactor/types';
import { BackToLogin } from './BackToLogin';
import type { LoginActorRef } from './types';

/**
 * Loaded when a login first needs it: most visitors never set two-factor up at login, and the first load has a
 * size budget (scripts/size.ts).
 */
const TwoFactorSetupView = lazy(() =>
  import('../twoFactor/TwoFactorSetupView').then((module) => ({ default: module.TwoFactorSetupView })),
);

/**
 * spec 2 Login: the authenticator setup form when two-factor is not set up (spec 2 Two-factor setup), with the
 * back-to-login link. Like every form change, its start takes the focus: here the setup's heading, since its
 * steps are read before its code field is used. Once the code is accepted the user is logged in and is shown their recovery codes; going
 * back to the login form then would only hide them, so the link goes away.
 */
/** Rendered with the loaded setup view: moves the focus to the setup's heading once it is on screen. */
function FocusSetupHeading({ within }: { within: RefObject<HTMLElement | null> }) {
  useEffect(() => focusHeading(within.current?.querySelector('h2') ?? null), [within]);
  return null;
}

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
  const sectionRef = useRef<HTMLElement>(null);
  return (
    <section className="form-frame" ref={sectionRef}>
      <h1>
        <Trans>Log in</Trans>
      </h1>
      <Suspense fallback={<Loader />}>
        <TwoFactorSetupView actorRef={setupRef} />
        <FocusSetupHeading within={sectionRef} />
      </Suspense>
      {stillSettingUp ? (
        <div className="form-frame__after">
          <BackToLogin onClick={() => actorRef.send({ type: 'reset' })} />
        </div>
      ) : null}
    </section>
  );
}
