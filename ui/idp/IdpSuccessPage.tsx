import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { IDP_SUCCESS_REDIRECT_MS } from '../../api/contract/limits';
import { Loader } from '../components/Loader';
import { type IdentityProviderName, providerLabel } from './providers';
import './idp.css';

export interface IdpSuccessPageProps {
  provider: IdentityProviderName;
  /** Called once the delay is over; the route goes to /me (spec 2 Identity-provider pages). */
  onElapsed: () => void;
  /** spec 9: identity-provider success redirect delay, 1 second. */
  delayMs?: number;
}

/** spec 2 Identity-provider pages: success shows a loader and after 1 second goes on. */
export function IdpSuccessPage({
  provider,
  onElapsed,
  delayMs = IDP_SUCCESS_REDIRECT_MS,
}: IdpSuccessPageProps) {
  const { t } = useLingui();
  // The latest callback, so a re-render with a new function neither restarts nor loses the timer.
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;

  useEffect(() => {
    const timer = setTimeout(() => elapsed.current(), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  const name = providerLabel(provider);
  return (
    <section className="idp-page">
      <h1 className="ui-visually-hidden">{t`Signed in with ${name}`}</h1>
      <Loader label={t`Signing you in…`} />
    </section>
  );
}
