import type { ReactNode } from 'react';

/** The ids of /me's sections, which its in-page navigation links to (docs/decisions/product.md: /me sections). */
export const ME_SECTIONS = { profile: 'profile', security: 'security', lists: 'lists' } as const;

export interface MeSectionProps {
  /** The id the page's in-page navigation links to (docs/decisions/product.md: /me sections). */
  id: string;
  heading: ReactNode;
  children: ReactNode;
}

/**
 * One section of /me (Profile, Security, Organisations and channels), laid out as the account pages of Clerk,
 * Logto or Keycloak are: a heading the page's navigation links to, then its parts, one below the other.
 */
export function MeSection({ id, heading, children }: MeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="me-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="me-section__title">
        {heading}
      </h2>
      <div className="me-section__body">{children}</div>
    </section>
  );
}
