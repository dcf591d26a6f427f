/**
 * What /me tells the chat-support widget (spec 1: user id, organisation, channel and role, Organisation Admin or
 * Channel Admin; spec 3 Chat-support data), from the profile and the user's lists (docs/decisions/product.md: Chat support
 * on /me).
 */
import type { Channel, Organisation } from '../../api/contract/lists';
import type { UserProfile } from '../../api/contract/profile';
import type { ChatSupportData } from '../observability/chatSupportData';

export interface UserLists {
  channels: readonly Channel[];
  organisations: readonly Organisation[];
}

/**
 * The role to tag, most powerful first: a channel held through the organisation's owner role (spec 3: owner is an
 * organisation role) makes an Organisation Admin; a channel's admin (spec 6: its creator) a Channel Admin.
 */
function taggedChannel(
  channels: readonly Channel[],
): { channel: Channel; role: ChatSupportData['role'] } | null {
  const owned = channels.find((channel) => channel.role === 'owner');
  if (owned) return { channel: owned, role: { name: 'Organisation Admin', scope: 'organisation' } };
  const administered = channels.find((channel) => channel.role === 'admin');
  if (administered) return { channel: administered, role: { name: 'Channel Admin', scope: 'channel' } };
  const first = channels[0];
  return first ? { channel: first, role: null } : null;
}

export function chatSupportDataFor(profile: UserProfile, lists: UserLists): ChatSupportData {
  const tagged = taggedChannel(lists.channels);
  // A channel names its organisation; its id comes from the user's organisations. Without a channel, the first
  // organisation says where the user belongs.
  const organisation = tagged
    ? lists.organisations.find((entry) => entry.name === tagged.channel.organisationName)
    : lists.organisations[0];
  return {
    user: {
      id: profile.id,
      screenName: profile.screenName,
      email: profile.email,
      avatarUrl: profile.image?.url ?? null,
    },
    role: tagged?.role ?? null,
    organisation: organisation ? { id: organisation.id, name: organisation.name } : null,
    channel: tagged ? { id: tagged.channel.id, name: tagged.channel.name } : null,
  };
}
