/**
 * What the chat-support widget is tagged with (spec 1 and 3): user, role (Organisation Admin or Channel
 * Admin, with its scope), organisation and channel. Organisation, channel and role may be missing for a
 * user who has none.
 */
export type ChatSupportRoleName = 'Organisation Admin' | 'Channel Admin';

export interface ChatSupportData {
  user: { id: string | number; screenName: string; email: string; avatarUrl?: string | null };
  role: { name: ChatSupportRoleName; scope: 'organisation' | 'channel' } | null;
  organisation: { id: string | number; name: string } | null;
  channel: { id: string | number; name: string } | null;
}

/** A chat-support vendor as the app sees it; `none` is a no-op implementation. */
export interface ChatSupportVendor {
  identify(data: ChatSupportData): void;
  /** Forgets the user (logout). */
  shutdown(): void;
}

/** The tags every vendor receives, flat and string-valued (what both Crisp and Intercom accept). */
export function chatSupportTags(data: ChatSupportData): Record<string, string> {
  const tags: Record<string, string> = { user_id: String(data.user.id) };
  if (data.role) {
    tags.role = data.role.name;
    tags.role_scope = data.role.scope;
  }
  if (data.organisation) {
    tags.organisation_id = String(data.organisation.id);
    tags.organisation_name = data.organisation.name;
  }
  if (data.channel) {
    tags.channel_id = String(data.channel.id);
    tags.channel_name = data.channel.name;
  }
  return tags;
}
