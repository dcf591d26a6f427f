import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Loader } from '../components/Loader';
import { usePageTitle } from '../components/usePageTitle';
import { type IdentityProviderName, providerLabel } from './providers';
import './idp.css';

export interface IdpSuccessPageProps {
  provider: IdentityProviderName;
}

/**
 * spec 2 Identity-provider pages: success shows a loader. The wait and the way on to /me are the idpSuccess
 * machine's (machines/idpSuccess), run by the route; the page only shows where the user stands.
 */
export function IdpSuccessPage({ provider }: IdpSuccessPageProps) {
  const { t } = useLingui();
  const name = providerLabel(provider);
  usePageTitle(msg`Signed in with ${name}`);
  return (
    <section className="idp-page">
      <h1 className="ui-visually-hidden">{t`Signed in with ${name}`}</h1>
      <Loader label={t`Signing you in…`} />
    </section>
  );
}
