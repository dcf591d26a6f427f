import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { registerCurator } from '../api/actors';
import { curatorSignUpMachine } from '../machines/curatorSignUp/curatorSignUp.machine';
import { CuratorSignUpForm } from '../ui/register/CuratorSignUpForm';
import { comingSoon } from './comingSoon';
import { publicPath } from './safeRedirect';

/** The sign-up screens of routes/registerRoutes.tsx. */

/** spec 2 Register (curator): signed in by the registration, the whole page goes to /me. */
function CuratorSignUpRoute() {
  const { site } = registerPage.useRouteContext();
  const [machine] = useState(() =>
    curatorSignUpMachine.provide({
      actors: { registerCurator },
      actions: { signedIn: () => window.location.assign(publicPath('/me', site)) },
    }),
  );
  const actorRef = useActorRef(machine);
  return (
    <CuratorSignUpForm
      actorRef={actorRef}
      platformHost={site.platformHost}
      defaultLinks={{ terms: publicPath('/terms-of-service', site), privacy: publicPath('/privacy', site) }}
      loginLink={
        <Trans>
          Already have an account? <Link to="/login">Log in</Link>
        </Trans>
      }
    />
  );
}

/** spec 2 Register by invitation (with a token): not built yet, the earlier 'coming soon' page. */
const InvitationSignUpRoute = comingSoon(msg`Sign up`);

function RegisterRoute() {
  const { token } = registerPage.useSearch();
  return token ? <InvitationSignUpRoute /> : <CuratorSignUpRoute />;
}

export const registerPage = createLazyRoute('/landing/register')({ component: RegisterRoute });
