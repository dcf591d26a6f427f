import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import './pages.css';

export interface NotFoundPageProps {
  /** A way on, e.g. the router's link to the account page (views do not know the routes). */
  homeLink?: ReactNode;
}

/** Any address the site does not know. */
export function NotFoundPage({ homeLink }: NotFoundPageProps) {
  const titleId = useId();
  usePageTitle(msg`Page not found`);
  return (
    <section className="ui-page ui-page--centered" aria-labelledby={titleId}>
      <h1 id={titleId}>
        <Trans>Page not found</Trans>
      </h1>
      <p className="ui-page__lead">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      {homeLink ? <div className="ui-page__actions">{homeLink}</div> : null}
    </section>
  );
}
