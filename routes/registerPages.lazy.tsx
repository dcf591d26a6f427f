import { Trans } from '@lingui/react/macro';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { checkInvite, registerCurator, registerInvite } from '../api/actors';
import { DEFAULT_ORGANISATION_SUBDOMAIN } from '../api/contract/limits';
import { channelUrl } from '../api/contract/urls';
import { getOrganisationBrand } from '../api/organisationBrand';
import { curatorSignUpMachine } from '../machines/curatorSignUp/curatorSignUp.machine';
import {
  invitationSignUpMachine,
  registerInviteAsVerify,
} from '../machines/invitationSignUp/invitationSignUp.machine';
import { organisationBrandMachine } from '../machines/organisationBrand/organisationBrand.machine';
import { twoFactorSetupMachine } from '../machines/twoFactorSetup/twoFactorSetup.machine';
import { BrandedWelcome } from '../ui/brand/BrandedWelcome';
import { CuratorSignUpForm } from '../ui/register/CuratorSignUpForm';
import { InvitationSignUpView } from '../ui/register/InvitationSignUpView';
import type { SignUpLinkTarget } from '../ui/register/types';
import { canCopyText, twoFactorSetupBrowserEffects } from '../ui/twoFactor/browserEffects';
import { SignedInOffer } from './carried/signedIn';
import { publicPath } from './site/safeRedirect';

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
  // spec 2 Register: the curator's channel lives in the default organisation; its welcome, from its data.
  const [brandMachine] = useState(() =>
    organisationBrandMachine.provide({ actors: { getOrganisationBrand } }),
  );
  const brandRef = useActorRef(brandMachine, { input: { subdomain: DEFAULT_ORGANISATION_SUBDOMAIN } });
  return (
    <CuratorSignUpForm
      welcome={<BrandedWelcome actorRef={brandRef} fallback={null} />}
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

const SIGN_UP_LINKS = { login: '/login', register: '/register' } as const;
const renderSignUpLink = (target: SignUpLinkTarget, children: ReactNode) => (
  <Link to={SIGN_UP_LINKS[target]} search={{}}>
    {children}
  </Link>
);

/**
 * spec 2 Register by invitation: the invite check and the registration, and the two-factor setup whose VERIFY &
 * SAVE is that same registration with the code (the machine hands the setup its input as verifyWith). After
 * registering the whole page goes to the channel's URL (api/contract/urls.ts: its own host, or its path on the development server).
 */
function InvitationSignUpRoute({ token }: { token: string }) {
  const { site } = registerPage.useRouteContext();
  const [machine] = useState(() =>
    invitationSignUpMachine.provide({
      actors: {
        checkInvite,
        registerInvite,
        twoFactorSetup: twoFactorSetupMachine.provide({
          ...twoFactorSetupBrowserEffects,
          actors: { ...twoFactorSetupBrowserEffects.actors, verify: registerInviteAsVerify(registerInvite) },
        }),
      },
      actions: {
        redirect: (_, channel) => window.location.assign(channelUrl(channel, site)),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { token, canCopy: canCopyText() } });
  return (
    <InvitationSignUpView
      actorRef={actorRef}
      platformHost={site.platformHost}
      defaultLinks={{ terms: publicPath('/terms-of-service', site), privacy: publicPath('/privacy', site) }}
      renderLink={renderSignUpLink}
    />
  );
}

function RegisterRoute() {
  const { token } = registerPage.useSearch();
  // A new token is a new invitation: a fresh machine (key), never the state of the previous one.
  return (
    <>
      <SignedInOffer />
      {token ? <InvitationSignUpRoute key={token} token={token} /> : <CuratorSignUpRoute />}
    </>
  );
}

export const registerPage = createLazyRoute('/landing/register')({ component: RegisterRoute });
