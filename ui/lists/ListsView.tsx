import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ListsActorRef, ListTab } from '../../machines/lists/lists.types';
import { Loader } from '../components/Loader';
import { Tabs } from '../components/Tabs';
import { ChannelsTable } from './ChannelsTable';
import { ListLoadFailure } from './ListLoadFailure';
import { OrganisationsTable } from './OrganisationsTable';

/** spec 2 Me page, list area: tabs with counts, each list loading, failed (with a retry) or shown. */
export function ListsView({ actorRef }: { actorRef: ListsActorRef; isStaff?: boolean }) {
  const { t } = useLingui();
  const tab = useSelector(actorRef, (s) =>
    s.matches({ tab: 'organisations' }) ? 'organisations' : 'channels',
  );
  const channels = useSelector(actorRef, (s) => s.value.channels);
  const organisations = useSelector(actorRef, (s) => s.value.organisations);
  const context = useSelector(actorRef, (s) => s.context);

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
      return <ChannelsTable channels={context.channels} empty={t`You have no channels yet`} />;
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
      <OrganisationsTable organisations={context.organisations} empty={t`You have no organisations yet`} />
    );
  };

  return (
    <section className="lists" aria-label={t`Your lists`}>
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
