import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { getChannels, getOrganisations } from '../api/actors';
import type { UserProfile } from '../api/contract/profile';
import { listsMachine } from '../machines/lists/lists.machine';
import { ListsView } from '../ui/lists/ListsView';
import { reportFailure } from '../ui/observability/errorReporting';
import { browserSiteEnv } from './siteEnv';
import { organisationUrl } from './urls';

/**
 * spec 2 Me page, list area: the section the /me page renders in its lists slot. It owns the lists actor (loaded
 * once per visit of /me) and provides its calls and its logging.
 */
const organisationHref = (subdomain: string) => organisationUrl(subdomain, browserSiteEnv());

export function MeListsSection({ profile }: { profile: UserProfile }) {
  const [machine] = useState(() =>
    listsMachine.provide({
      actors: { getChannels, getOrganisations },
      actions: { logLoadFailure: (_, { list, code }) => reportFailure(code, { call: `get ${list}` }) },
    }),
  );
  const actorRef = useActorRef(machine);
  return <ListsView actorRef={actorRef} isStaff={profile.isStaff} organisationHref={organisationHref} />;
}
