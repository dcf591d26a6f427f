import type { ReactNode } from 'react';
import '../styles/layout.css';
import './pages.css';

export interface StandalonePageProps {
  children: ReactNode;
  /** wide for reading text (privacy, terms); narrow like the landing card otherwise. */
  width?: 'narrow' | 'wide';
}

/**
 * The frame of a page outside the landing layout (spec 2: /me until its issue lands, the no-brand and company
 * pages, /privacy, /terms-of-service): the page's one <main> landmark around a centred card.
 */
export function StandalonePage({ children, width = 'narrow' }: StandalonePageProps) {
  return (
    <main className="ui-page-frame">
      <div className="ui-card" data-width={width}>
        {children}
      </div>
    </main>
  );
}
