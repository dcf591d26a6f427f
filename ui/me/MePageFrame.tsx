import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Footer, type FooterLinks, Logo } from '../components';
import { usePageTitle } from '../components/usePageTitle';
import type { PreviousLocation } from './previousLocation';
import './me.css';

export interface MePageFrameProps {
  homeHref: string;
  logoutHref: string;
  previous: PreviousLocation | null;
  /** The pending-confirmation banner, when the account is unconfirmed. */
  banner?: ReactNode;
  footerLinks: FooterLinks;
  /** The section navigation (ui/me/MeSectionNav.tsx): a side column on a wide screen, a menu above on a phone. */
  nav: ReactNode;
  /** The section the address names. */
  children: ReactNode;
}

/**
 * spec 2 Me page frame: top bar (logo and breadcrumb home link, back link to the previous location, logout link),
 * the 'Please verify your email address.' banner while the account is unconfirmed, the section navigation beside
 * (or, on a phone, above) the section the address names, the footer.
 */
export function MePageFrame({
  homeHref,
  logoutHref,
  previous,
  banner,
  footerLinks,
  nav,
  children,
}: MePageFrameProps) {
  const { t } = useLingui();
  usePageTitle(msg`Your account`);
  const title = previous?.title;
  return (
    <div className="ui-landing me-frame">
      <header className="ui-landing__header me-frame__bar">
        <nav aria-label={t`Account`} className="me-frame__nav">
          <a href={homeHref} className="ui-landing__home" aria-label={t`Home`}>
            <Logo size={36} />
          </a>
          {previous ? (
            <a href={previous.link} className="me-frame__back">
              {title ? <Trans>Back to {title}</Trans> : <Trans>Back</Trans>}
            </a>
          ) : null}
          <a href={logoutHref} className="me-frame__logout">
            <Trans>Log out</Trans>
          </a>
        </nav>
      </header>
      <main className="ui-landing__main">
        <div className="ui-card me-frame__card" data-width="wide">
          {banner}
          <h1 className="me-frame__title">
            <Trans>Your account</Trans>
          </h1>
          <div className="me-frame__centre">
            {nav}
            <div className="me-frame__content">{children}</div>
          </div>
        </div>
      </main>
      <Footer links={footerLinks} />
    </div>
  );
}
