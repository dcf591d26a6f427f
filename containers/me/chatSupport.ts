import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import type { ListsActorRef } from '../../machines/lists/lists.types';
import { chatSupportDataFor, type UserLists } from '../../ui/me/chatSupport';
import { createChatSupport } from '../../ui/observability/chatSupport';
import type { ChatSupportVendor } from '../../ui/observability/chatSupportData';

/**
 * spec 1 Chat support on /me: the widget is told the user, organisation, channel and role once the lists are known
 * (docs/decisions/product.md: Chat support on /me), and forgets the user when the page goes. The vendor comes from the
 * build's configuration (VITE_CHAT_SUPPORT): with none configured nothing is loaded and no widget appears.
 * Answers the effect to provide to the list area (MeListsSection's onListsSettled).
 */
export function useMeChatSupport(
  profile: UserProfile,
  vendor: () => ChatSupportVendor = createChatSupport,
): (lists: UserLists) => void {
  const [chat] = useState(vendor);
  useEffect(() => () => chat.shutdown(), [chat]);
  return useCallback(
    (lists: UserLists) => chat.identify(chatSupportDataFor(profile, lists)),
    [chat, profile],
  );
}

/** Calls `onSettled` with the lists once neither is loading any more, and again when they change (a creation). */
export function useListsSettled(lists: ListsActorRef, onSettled: ((lists: UserLists) => void) | undefined) {
  const settled = useSelector(
    lists,
    (s) => !s.matches({ channels: 'loading' }) && !s.matches({ organisations: 'loading' }),
  );
  const channels = useSelector(lists, (s) => s.context.channels);
  const organisations = useSelector(lists, (s) => s.context.organisations);
  useEffect(() => {
    if (settled) onSettled?.({ channels, organisations });
  }, [settled, channels, organisations, onSettled]);
}
