import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type MouseEvent, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { SEARCH_MAX } from '../../api/contract/limits';
import type { FuseClass } from '../../machines/lists/lists.search';
import type { ListsActorRef, ListTab } from '../../machines/lists/lists.types';
import { Skeleton } from '../components/Skeleton';
import { Tabs } from '../components/Tabs';
import { TextField } from '../components/TextField';
import { focusHeadingById } from '../form/useHeadingFocus';
import { ChannelsTable, type ChannelsTableProps } from './ChannelsTable';
import { createEntryHeadingId } from './CreateEntryForm';
import { ListLoadFailure } from './ListLoadFailure';
import { loadFuse } from './loadFuse';
import { OrganisationsTable, type OrganisationsTableProps } from './OrganisationsTable';
import './lists.css';

export interface ListsViewProps {
  actorRef: ListsActorRef;
  isStaff?: boolean;
  /** spec 2: the organisation URL of a subdomain (api/contract/urls.ts organisationUrl with the site's environment, built by the route). */
  organisationHref: (subdomain: string) => string;
  /** spec 2: staff's 'add some!' opens the new-organisation form (the route owns that form). */
  onAddOrganisation?: () => void;
}

/** spec 2 Me page, list area: search box, tabs with counts, each list loading, failed (with a retry) or shown. */
export function ListsView({
  actorRef,
  isStaff = false,
  organisationHref,
  onAddOrganisation,
}: ListsViewProps) {
  const { t } = useLingui();
  const tab = useSelector(actorRef, (s) =>
    s.matches({ tab: 'organisations' }) ? 'organisations' : 'channels',
  );
  const channels = useSelector(actorRef, (s) => s.value.channels);
  const organisations = useSelector(actorRef, (s) => s.value.organisations);
  const context = useSelector(actorRef, (s) => s.context);
  const query = context.query;
  const setQuery = useCallback(
    (next: string) => actorRef.send({ type: 'query.change', query: next }),
    [actorRef],
  );
  const channelsSort = useCallback(
    (sort: ChannelsTableProps['sort']) => actorRef.send({ type: 'channels.sort', sort }),
    [actorRef],
  );
  const channelsPage = useCallback(
    (page: number) => actorRef.send({ type: 'channels.page', page }),
    [actorRef],
  );
  const organisationsSort = useCallback(
    (sort: OrganisationsTableProps['sort']) => actorRef.send({ type: 'organisations.sort', sort }),
    [actorRef],
  );
  const organisationsPage = useCallback(
    (page: number) => actorRef.send({ type: 'organisations.page', page }),
    [actorRef],
  );
  const landedOn = (list: ListTab) => (context.landed?.list === list ? context.landed.id : undefined);
  // The box shows each keystroke at once; the tables follow with the latest query when React has time, so a
  // burst of typing is never queued behind searches of letters already replaced.
  const tableQuery = useDeferredValue(query);
  // So is a list that has just arrived (2,000 channels): the loader stays while React draws the table in a render
  // it can interrupt, after the answer has been handled, not in the same long task; its tab's count comes with it.
  // Order and page are not deferred: a header or pager click computes the next one from what the table shows,
  // which must be the latest.
  const channelsShown = useDeferredValue(channels);
  const channelRows = useDeferredValue(context.channels);
  const organisationsShown = useDeferredValue(organisations);
  const organisationRows = useDeferredValue(context.organisations);
  const [Fuse, setFuse] = useState<FuseClass>();
  // fuse.js is fetched when the user heads for the search box, not with the page.
  const wantSearch = () => {
    if (!Fuse) void loadFuse().then((loaded) => setFuse(() => loaded));
  };

  const tabs = [
    {
      id: 'organisations' as const,
      label: t`Organisations`,
      count: organisationsShown === 'loaded' ? organisationRows.length : undefined,
    },
    {
      id: 'channels' as const,
      label: t`Channels`,
      count: channelsShown === 'loaded' ? channelRows.length : undefined,
    },
  ];

  // Kept across renders, so the (memoised) organisations table is not redrawn for each keystroke.
  const noOrganisationsYet = useMemo(() => {
    if (!isStaff) return t`You have no organisations yet`;
    const headingId = createEntryHeadingId('organisation');
    const addSome = (event: MouseEvent) => {
      event.preventDefault();
      onAddOrganisation?.();
      // Already open: go to it (a form just opened takes the focus itself).
      focusHeadingById(headingId);
    };
    return (
      <Trans>
        You have no organisations yet,{' '}
        <a href={`#${headingId}`} onClick={addSome}>
          add some!
        </a>
      </Trans>
    );
  }, [isStaff, onAddOrganisation, t]);

  const panel = () => {
    if (tab === 'channels') {
      if (channelsShown === 'loading') return <Skeleton label={t`Loading your channels…`} />;
      if (channelsShown === 'failed')
        return (
          <ListLoadFailure
            message={t`Your channels could not be loaded.`}
            refusal={context.channelsError ?? { code: 'unknown_server_error' }}
            onRetry={() => actorRef.send({ type: 'channels.retry' })}
          />
        );
      return (
        <ChannelsTable
          channels={channelRows}
          query={tableQuery}
          Fuse={Fuse}
          sort={context.channelsPlace.sort}
          page={context.channelsPlace.page}
          onSortChange={channelsSort}
          onPageChange={channelsPage}
          landed={landedOn('channels')}
        />
      );
    }
    if (organisationsShown === 'loading') return <Skeleton label={t`Loading your organisations…`} />;
    if (organisationsShown === 'failed')
      return (
        <ListLoadFailure
          message={t`Your organisations could not be loaded.`}
          refusal={context.organisationsError ?? { code: 'unknown_server_error' }}
          onRetry={() => actorRef.send({ type: 'organisations.retry' })}
        />
      );
    return (
      <OrganisationsTable
        organisations={organisationRows}
        query={tableQuery}
        Fuse={Fuse}
        noneYet={noOrganisationsYet}
        organisationHref={organisationHref}
        sort={context.organisationsPlace.sort}
        page={context.organisationsPlace.page}
        onSortChange={organisationsSort}
        onPageChange={organisationsPage}
        landed={landedOn('organisations')}
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
