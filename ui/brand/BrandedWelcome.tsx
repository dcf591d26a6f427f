import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { organisationBrandMachine } from '../../machines/organisationBrand/organisationBrand.machine';
import { OrganisationWelcome } from '../components/OrganisationWelcome';

export type OrganisationBrandActorRef = ActorRefFrom<typeof organisationBrandMachine>;

/**
 * The welcome of a page that knows its organisation (the curator sign-up, /lit, /unicef): the organisation's
 * 'Welcome to {name}' with its logo and accent once its branding is there; until then, or when it cannot be had,
 * `fallback` (the page's own words), so the page never waits for it.
 */
export function BrandedWelcome({
  actorRef,
  fallback,
}: {
  actorRef: OrganisationBrandActorRef;
  fallback: ReactNode;
}): ReactNode {
  const brand = useSelector(actorRef, (s) => s.context.brand);
  return brand ? <OrganisationWelcome brand={brand} /> : fallback;
}
