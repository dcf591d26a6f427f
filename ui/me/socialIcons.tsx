import type { SocialNetwork } from '../../api/contract/limits';

/** One letter-mark per network (spec 2 Me page: the seven social icons): small, no brand assets to ship. */
const MARKS: Record<SocialNetwork, string> = {
  facebook: 'f',
  instagram: 'ig',
  youtube: 'yt',
  linkedin: 'in',
  tiktok: 'tt',
  twitter: 'x',
  snapchat: 'sc',
};

/** The networks' own names, which are not translated. */
export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'Twitter',
  snapchat: 'Snapchat',
};

/**
 * The mark is drawn by CSS (`content: attr(data-mark)`), like an icon: it is not text, so the link's name (the
 * network's name) contains all of the link's visible text (WCAG 2.5.3 Label in Name, axe
 * label-content-name-mismatch), and speech users say the network's name.
 */
export function SocialMark({ network }: { network: SocialNetwork }) {
  return <span className="me-social__mark" aria-hidden="true" data-mark={MARKS[network]} />;
}
