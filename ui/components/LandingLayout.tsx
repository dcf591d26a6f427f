import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import '../styles/layout.css';
import { Footer, type FooterLinks } from './Footer';
import { Logo } from './Logo';

export interface LandingLayoutProps {
  /** The flow (login, register, start...) shown in the centred card. */
  children: ReactNode;
  /** Where the logo links to; defaults to '/' (spec 2: the home link goes to /). */
  homeHref?: string;
  /** Right-hand side of the header, e.g. a language switch. */
  headerEnd?: ReactNode;
  /** Content above the card, e.g. a branded welcome header. */
  intro?: ReactNode;
  /** wide for forms with more content (company pages, invitation with preview). */
  width?: 'narrow' | 'wide';
  footerLinks?: FooterLinks;
  footerOwner?: string;
}

/** The shared landing layout of spec 2: logo header, centred card for the flow, footer. */
export function LandingLayout({
  children,
  homeHref = '/',
  headerEnd,
  intro,
  width = 'narrow',
  footerLinks,
  footerOwner,
}: LandingLayoutProps) {
  const { t } = useLingui();
  return (
    <div className="ui-landing">
      <header className="ui-landing__header">
        <a href={homeHref} className="ui-landing__home" aria-label={t`Home`}>
          <Logo size={36} />
        </a>
        {headerEnd ? <div className="ui-landing__header-end">{headerEnd}</div> : null}
      </header>
      <main className="ui-landing__main">
        {intro ? <div className="ui-landing__intro">{intro}</div> : null}
        <div className="ui-card" data-width={width}>
          {children}
        </div>
      </main>
      <Footer links={footerLinks} owner={footerOwner} />
    </div>
  );
}
