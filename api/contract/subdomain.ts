/**
 * spec 5: a subdomain follows the normalised name until the user edits it by hand. The normalisation itself
 * lives in limits.ts (the server's places share it); this file holds the follow-until-edited rule the sign-up
 * and new-channel forms share.
 */
import { normaliseChannelSubdomain, suggestedSubdomain } from './limits';

export { normaliseChannelSubdomain, normaliseOrganisationSubdomain } from './limits';

/** A subdomain field: its value, and whether the user has taken it over (then names no longer overwrite it). */
export interface FollowedSubdomain {
  value: string;
  manual: boolean;
}

/** spec 5: a blank field follows the name from the start. */
export const followedSubdomain = (name = ''): FollowedSubdomain => ({
  value: suggestedSubdomain('channel', name),
  manual: false,
});

/** spec 5: the name changed; the subdomain follows it unless the user took it over. */
export const subdomainAfterName = (field: FollowedSubdomain, name: string): FollowedSubdomain =>
  field.manual ? field : followedSubdomain(name);

/**
 * spec 5: the user typed into the subdomain. It is theirs from now on, unless what they typed is exactly what the
 * name gives (then following again loses nothing). What is typed goes through the server's normalisation as it
 * is typed ('Bad_Sub' shows as 'badsub'), so the field shows the address that will be stored.
 */
export const subdomainTyped = (name: string, typed: string): FollowedSubdomain => {
  const value = normaliseChannelSubdomain(typed);
  return { value, manual: value !== suggestedSubdomain('channel', name) };
};
