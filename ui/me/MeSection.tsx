import type { ReactNode } from 'react';
import { HeadingsAt } from '../components/headingLevel';

/** /me's sections, each at an address of its own (docs/decisions/product.md: /me sections). */
export const ME_SECTIONS = { profile: 'profile', security: 'security', lists: 'lists' } as const;
export type MeSectionName = (typeof ME_SECTIONS)[keyof typeof ME_SECTIONS];

export interface MeSectionProps {
  /** The section's id; its heading's id is `<id>-heading` (the page gives it the focus after a move). */
  id: MeSectionName;
  heading: ReactNode;
  children: ReactNode;
}

/**
 * One section of /me (Profile, Security, Organisations and channels), laid out as the account pages of Clerk,
 * Logto or Keycloak are: a heading, then its parts, one below the other. Its h2 is under the page's h1; its parts'
 * headings start at h3 (ui/me/README.md: One outline).
 */
export function MeSection({ id, heading, children }: MeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="me-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="me-section__title">
        {heading}
      </h2>
      <div className="me-section__body">
        <HeadingsAt level={3}>{children}</HeadingsAt>
      </div>
    </section>
  );
}
