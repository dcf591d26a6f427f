import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { SEARCH_MAX } from '../../api/contract/limits';
import type { ListsActorRef, ListTab } from '../../machines/lists/lists.types';
import { Loader } from '../components/Loader';
import { Tabs } from '../components/Tabs';
import { TextField } from '../components/TextField';
import { ChannelsTable } from './ChannelsTable';
import { ListLoadFailure } from './ListLoadFailure';
import { type FuseClass, loadFuse } from './loadFuse';
import { OrganisationsTable } from './OrganisationsTable';
import './lists.css';

export interface ListsViewProps {
  actorRef: ListsActorRef;
  isStaff?: boolean;
  /** spec 2: the organisation URL of a subdomain (routes/urls.ts organisationUrl with the site's environment). */
  organisationHref: (subdomain: string) => string;
}

/** spec 2 Me page, list area: search box, tabs with counts, each list loading, failed (with a retry) or shown. */
export function ListsView({ actorRef, isStaff = false, organisationHref }: ListsViewProps) {
  const { t } = useLingui();
  const tab = useSelector(actorRef, (s) =>
    s.matches({ tab: 'organisations' }) ? 'organisations' : 'channels',
  );
  const channels = useSelector(actorRef, (s) => s.value.channels);
  const organisations = useSelector(actorRef, (s) => s.value.organisations);
  const context = useSelector(actorRef, (s) => s.context);
  const [query, setQuery] = useState('');
  const [Fuse, setFuse] = useState<FuseClass>();
  // fuse.js is fetched when the user heads for the search box, not with the page.
  const wantSearch = () => {
    if (!Fuse) void loadFuse().then((loaded) => setFuse(() => loaded));
  };

  const tabs = [
    {
      id: 'organisations' as const,
      label: t`Organisations`,
      count: organisations === 'loaded' ? context.organisations.length : undefined,
    },
    {
      id: 'channels' as const,
      label: t`Channels`,
      count: channels === 'loaded' ? context.channels.length : undefined,
    },
  ];

  const noOrganisationsYet = isStaff ? (
    <Trans>
      You have no organisations yet, <a href="#new-organisation">add some!</a>
    </Trans>
  ) : (
    t`You have no organisations yet`
  );

  const panel = () => {
    if (tab === 'channels') {
      if (channels === 'loading') return <Loader label={t`Loading your channels…`} />;
      if (channels === 'failed')
        return (
          <ListLoadFailure
            message={t`Your channels could not be loaded.`}
            code={context.channelsError ?? 'unknown_server_error'}
            onRetry={() => actorRef.send({ type: 'channels.retry' })}
          />
        );
      return <ChannelsTable channels={context.channels} query={query} Fuse={Fuse} />;
    }
    if (organisations === 'loading') return <Loader label={t`Loading your organisations…`} />;
    if (organisations === 'failed')
      return (
        <ListLoadFailure
          message={t`Your organisations could not be loaded.`}
          code={context.organisationsError ?? 'unknown_server_error'}
          onRetry={() => actorRef.send({ type: 'organisations.retry' })}
        />
      );
    return (
      <OrganisationsTable
        organisations={context.organisations}
        query={query}
        Fuse={Fuse}
        noneYet={noOrganisationsYet}
        organisationHref={organisationHref}
      />
    );
  };

  return (
    <section className="lists" aria-label={t`Your lists`}>
      <TextField
        type="search"
        label={t`Search`}
        value={query}
        maxLength={SEARCH_MAX}
        onValueChange={setQuery}
        onFocus={wantSearch}
        onPointerEnter={wantSearch}
      />
      <Tabs
        label={t`Lists`}
        tabs={tabs}
        selected={tab}
        onSelect={(id: ListTab) => actorRef.send({ type: 'tab.select', tab: id })}
      >
        {panel()}
      </Tabs>
    </section>
  );
}
