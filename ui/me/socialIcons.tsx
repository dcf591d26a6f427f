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

export function SocialMark({ network }: { network: SocialNetwork }) {
  return (
    <span className="me-social__mark" aria-hidden="true">
      {MARKS[network]}
    </span>
  );
}
