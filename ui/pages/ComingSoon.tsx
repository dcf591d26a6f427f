import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import './pages.css';

export interface ComingSoonProps {
  /** The page's name, e.g. msg`Log in`: shown as the heading so the visitor knows where they are. */
  page: MessageDescriptor;
}

/** Stands in for a screen that a later issue builds, so every route of spec 2 already answers. */
export function ComingSoon({ page }: ComingSoonProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  usePageTitle(page);
  return (
    <section className="ui-page ui-page--centered" aria-labelledby={titleId}>
      <h1 id={titleId}>{i18n._(page)}</h1>
      <p className="ui-page__lead">
        <Trans>This page is coming soon.</Trans>
      </p>
    </section>
  );
}
