import { useActorRef } from '@xstate/react';
import { memo, useCallback, useEffect, useState } from 'react';
import { createEntryOf, getChannels, getOrganisations } from '../../api/actors';
import type { Channel, EntryKind, Organisation } from '../../api/contract/lists';
import type { UserProfile } from '../../api/contract/profile';
import { channelWebAppUrl } from '../../api/contract/urls';
import { nextTask } from '../../api/nextTask';
import { createEntryMachine } from '../../machines/createEntry/createEntry.machine';
import type { CreatedEntry } from '../../machines/createEntry/createEntry.types';
import { listsMachine } from '../../machines/lists/lists.machine';
import { prepareTextSorting } from '../../machines/lists/lists.rules';
import type { ListsActorRef, ListsInput } from '../../machines/lists/lists.types';
import { CreateEntryForm } from '../../ui/lists/CreateEntryForm';
import { ListsView } from '../../ui/lists/ListsView';
import type { UserLists } from '../../ui/me/chatSupport';
import { reportFailure } from '../../ui/observability/errorReporting';
import { useListsSettled } from './chatSupport';
import { type ListsSearch, listsSearchOf } from './listsAddress';

/** POST /api/channels or /api/organisations, answered as the creation form's success panel shows it. */
const createOf = (kind: EntryKind, organisationHref: (subdomain: string) => string) =>
  createEntryOf<CreatedEntry>(kind, {
    channel: (channel) => ({
      name: channel.name,
      subdomain: channel.subdomain,
      url: channelWebAppUrl(channel.url),
      entry: channel,
    }),
    organisation: (organisation) => ({
      name: organisation.name,
      subdomain: organisation.subdomain,
      url: organisationHref(organisation.subdomain),
      entry: organisation,
    }),
  });

/** A creation form's actor, appending what it creates to the lists (spec 4 creation forms). */
function useCreateEntry(
  kind: EntryKind,
  lists: ListsActorRef,
  organisationHref: (subdomain: string) => string,
) {
  const [machine] = useState(() =>
    createEntryMachine.provide({
      actors: { createEntry: createOf(kind, organisationHref) },
      actions: {
        entryCreated: (_, { entry }) =>
          lists.send(
            kind === 'channel'
              ? { type: 'channel.created', channel: entry as Channel }
              : { type: 'organisation.created', organisation: entry as Organisation },
          ),
      },
    }),
  );
  return useActorRef(machine, { input: { kind } });
}

/**
 * How long the lists stay still before their place is written: the click or keystroke that changed them is drawn
 * first (writing the address runs the router: the /me guard, its matches and their subscribers, and the browser's
 * history), and a burst of keystrokes or clicks is written once.
 */
const PLACE_WRITE_DELAY_MS = 150;

/** Tells `onPlaceChange` where the lists are after the tab, the search, a page or an order changed (not on a load). */
function useListsPlace(actorRef: ListsActorRef, onPlaceChange: ((search: ListsSearch) => void) | undefined) {
  useEffect(() => {
    if (!onPlaceChange) return;
    let last = JSON.stringify(listsSearchOf(actorRef.getSnapshot()));
    let pending: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      const search = listsSearchOf(actorRef.getSnapshot());
      const key = JSON.stringify(search);
      if (key === last) return;
      last = key;
      onPlaceChange(search);
    };
    const subscription = actorRef.subscribe(() => {
      clearTimeout(pending);
      pending = setTimeout(write, PLACE_WRITE_DELAY_MS);
    });
    // Leaving /me drops a write not yet made: it would bring the visitor back.
    return () => {
      subscription.unsubscribe();
      clearTimeout(pending);
    };
  }, [actorRef, onPlaceChange]);
}

/**
 * spec 2 Me page, list area: the section the /me page renders in its lists slot. It owns the lists actor (loaded
 * once per visit of /me) and the creation forms ('new organisation' for staff only, spec 6; staff's 'add some!'
 * opens it), and provides their
 * calls and logging. Memoised: /me redraws its address reader on each change of the lists' place, and what that
 * hands down does not change.
 */
export const MeListsSection = memo(function MeListsSection({
  profile,
  onListsSettled,
  input = {},
  onPlaceChange,
  organisationHref,
}: {
  profile: UserProfile;
  /** An organisation's address from its subdomain (the site's host: routes/site/siteEnv.ts). */
  organisationHref: (subdomain: string) => string;
  /** Where the lists start (the tab, search, pages and orders /me's address names). */
  input?: ListsInput;
  /** Effect: where the lists are now, for /me's address (docs/decisions/product.md: Lists in the address). */
  onPlaceChange?: (search: ListsSearch) => void;
  /** Effect: the lists once loaded (or failed), e.g. for the chat-support tags (containers/me/chatSupport.ts). */
  onListsSettled?: (lists: UserLists) => void;
}) {
  const [machine] = useState(() =>
    listsMachine.provide({
      actors: { getChannels, getOrganisations },
      actions: { logLoadFailure: (_, { list, code }) => reportFailure(code, { call: `get ${list}` }) },
    }),
  );
  const actorRef = useActorRef(machine, { input });
  useListsPlace(actorRef, onPlaceChange);
  const newChannel = useCreateEntry('channel', actorRef, organisationHref);
  // Created for everyone (hooks run unconditionally), shown to staff only.
  const newOrganisation = useCreateEntry('organisation', actorRef, organisationHref);
  const openNewOrganisation = useCallback(() => newOrganisation.send({ type: 'open' }), [newOrganisation]);
  useListsSettled(actorRef, onListsSettled);
  // The first sort makes a text collator, which loads the locale's collation data: made while the lists are on
  // their way, in a task of its own, not in the middle of drawing them (docs/benchmarks.md: /me).
  useEffect(() => {
    void nextTask().then(prepareTextSorting);
  }, []);
  return (
    <>
      <div className="lists__toolbar">
        <CreateEntryForm actorRef={newChannel} />
        {profile.isStaff && <CreateEntryForm actorRef={newOrganisation} />}
      </div>
      <ListsView
        actorRef={actorRef}
        isStaff={profile.isStaff}
        organisationHref={organisationHref}
        onAddOrganisation={profile.isStaff ? openNewOrganisation : undefined}
      />
    </>
  );
});
