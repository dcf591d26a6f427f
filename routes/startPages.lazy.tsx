import { createLazyRoute, Link, useRouteContext, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { checkCompanyId, checkCompanyPage, registerCompanyPage } from '../api/actors';
import type { CompanyPageOrganisation } from '../api/contract/limits';
import { getOrganisationBrand } from '../api/organisationBrand';
import { companyStartMachine } from '../machines/companyStart/companyStart.machine';
import { organisationBrandMachine } from '../machines/organisationBrand/organisationBrand.machine';
import { resendBy } from '../machines/resend/resend.machine';
import { startByCompanyIdMachine } from '../machines/startByCompanyId/startByCompanyId.machine';
import { BrandedWelcome } from '../ui/brand/BrandedWelcome';
import { CompanyStartView } from '../ui/company/CompanyStartView';
import { StartView } from '../ui/start/StartView';
import type { StartLinkTarget } from '../ui/start/types';
import { readStoredStart, startStorageActions } from './carried/startStorage';
import { LandingFrame } from './landingFrame';
import { contactEmail } from './site/contactEmail';
import { footerLinks } from './site/footerLinks';
import type { SiteEnv } from './site/siteEnv';

const START_LINKS = { login: '/login' } as const;
const renderStartLink = (target: StartLinkTarget, children: ReactNode) => (
  <Link to={START_LINKS[target]}>{children}</Link>
);

/**
 * spec 2 Start: the stepper, with the stored fields (spec 3) as it starts. A new visit of /start while already
 * on it (a link to it followed again) is an entry too: back to step 0, the fields kept.
 */
function StartRoute() {
  const [machine] = useState(() =>
    startByCompanyIdMachine.provide({
      actors: { checkCompanyId, resendMail: resendBy(checkCompanyId) },
      actions: startStorageActions(),
    }),
  );
  const [input] = useState(() => ({ stored: readStoredStart() }));
  const actorRef = useActorRef(machine, { input });
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key });
  const firstEntry = useRef(entry);
  useEffect(() => {
    if (entry !== firstEntry.current) actorRef.send({ type: 'reset', clear: false });
  }, [actorRef, entry]);
  const { site } = startPage.useRouteContext();
  const { terms, privacy } = footerLinks(site);
  return (
    <StartView
      actorRef={actorRef}
      renderLink={renderStartLink}
      termsLinks={{ terms, privacy }}
      contactEmail={contactEmail(site)}
    />
  );
}

export const startPage = createLazyRoute('/landing/start')({ component: StartRoute });

/**
 * spec 2 Company-specific start pages: one page per organisation, in the landing frame (logo home link and
 * footer: docs/decisions/product.md: No dead ends), with the log-in link of /start.
 */
function companyPage(organisationSubdomain: CompanyPageOrganisation) {
  return function CompanyStartRoute() {
    const [machine] = useState(() =>
      companyStartMachine.provide({
        actors: { checkCompanyPage, registerCompanyPage, resendMail: resendBy(registerCompanyPage) },
      }),
    );
    const actorRef = useActorRef(machine, { input: { organisationSubdomain } });
    const [brandMachine] = useState(() =>
      organisationBrandMachine.provide({ actors: { getOrganisationBrand } }),
    );
    const brandRef = useActorRef(brandMachine, { input: { subdomain: organisationSubdomain } });
    const { site } = useRouteContext({ strict: false }) as { site: SiteEnv };
    const { terms, privacy } = footerLinks(site);
    return (
      <LandingFrame width="wide">
        <CompanyStartView
          actorRef={actorRef}
          contactEmail={contactEmail(site)}
          termsLinks={{ terms, privacy }}
          renderLink={renderStartLink}
          renderWelcome={(fallback) => <BrandedWelcome actorRef={brandRef} fallback={fallback} />}
        />
      </LandingFrame>
    );
  };
}

export const litPage = createLazyRoute('/lit')({ component: companyPage('lit') });
export const unicefPage = createLazyRoute('/unicef')({ component: companyPage('unicef_for_every_child') });
