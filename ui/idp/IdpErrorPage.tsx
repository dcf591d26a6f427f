import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { idpErrorMessage } from '../../i18n/errorMessages';
import { Alert } from '../components/Alert';
import { usePageTitle } from '../components/usePageTitle';
import { type IdentityProviderName, providerLabel } from './providers';
import './idp.css';

/** The pages an identity-provider error page links to (spec 2): views do not know the routes. */
export type IdpLinkTarget = 'login' | 'register';

export interface IdpErrorPageProps {
  provider: IdentityProviderName;
  /** The `type` query parameter (spec 2), mapped to a message by spec 8; anything unknown: 'Unknown server error'. */
  type: string | undefined;
  renderLink: (target: IdpLinkTarget, children: ReactNode) => ReactNode;
}

/** spec 2 Identity-provider pages: the error page reads `type`, shows its message, links to login and register. */
export function IdpErrorPage({ provider, type, renderLink }: IdpErrorPageProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const name = providerLabel(provider);
  usePageTitle(msg`Signing in with ${name} did not work`);
  return (
    <section className="idp-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{t`Signing in with ${name} did not work`}</h1>
      <Alert tone="error">{i18n._(idpErrorMessage(type))}</Alert>
      <ul className="idp-page__links">
        <li>{renderLink('login', <Trans>Log in with your e-mail and password</Trans>)}</li>
        <li>{renderLink('register', <Trans>Sign up</Trans>)}</li>
      </ul>
    </section>
  );
}
