import type { ReactNode } from 'react';
import type { SocialNetwork } from '../../api/contract/limits';

/**
 * One icon per network (spec 2 Me page: the seven social icons), drawn here as simple line shapes in the text's
 * colour on a 24-unit grid: no brand assets to fetch, no request of their own, dark mode for free.
 */
const ICONS: Record<SocialNetwork, ReactNode> = {
  facebook: (
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
  ),
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" />
      <circle cx="12" cy="12" r="4" fill="none" />
      <circle cx="17.2" cy="6.8" r="1.1" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="none" />
      <path d="M10 9v6l5-3z" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" fill="none" />
      <path d="M8 10.5V17M12 17v-6.5M12 13.2c0-1.6 1-2.7 2.4-2.7s2.1 1 2.1 2.7V17" fill="none" />
      <circle cx="8" cy="7.7" r="1.1" />
    </>
  ),
  tiktok: <path d="M13 3.5v11.7a3 3 0 1 1-3-3M13 3.5c.4 2.6 2.2 4.3 4.8 4.5" fill="none" />,
  twitter: <path d="M4.5 4.5l15 15M19.5 4.5l-15 15" fill="none" />,
  snapchat: (
    <path
      d="M12 3.5c3 0 5 2.2 5 5.2v2.3l1.8-.5.5 1-2.1 1.3c.6 1.8 2 3 3.8 3.5-.6.8-1.9 1-2.9 1.1-.3.6-.5 1.1-.9 1.1-.8 0-1.6-.4-2.6 0-1 .4-1.7 1-2.6 1s-1.6-.6-2.6-1-1.8 0-2.6 0c-.4 0-.6-.5-.9-1.1-1-.1-2.3-.3-2.9-1.1 1.8-.5 3.2-1.7 3.8-3.5L4.7 11.5l.5-1 1.8.5V8.7c0-3 2-5.2 5-5.2z"
      fill="none"
    />
  ),
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
 * The network's icon: decorative (`aria-hidden`), as the link around it is named by the network's name (its
 * `aria-label`, ui/me/ProfileView.tsx), which speech users say.
 */
export function SocialMark({ network }: { network: SocialNetwork }) {
  return (
    <svg
      className="me-social__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICONS[network]}
    </svg>
  );
}
