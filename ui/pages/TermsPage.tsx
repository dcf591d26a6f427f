import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import './pages.css';

/**
 * spec 2 /terms-of-service: the platform's general terms, short and plain. Organisations with their own
 * wording show it at registration (spec 2 Register); those terms apply on top of these.
 */
export function TermsPage() {
  const titleId = useId();
  usePageTitle(msg`Terms of service`);
  return (
    <article className="ui-page" aria-labelledby={titleId}>
      <h1 id={titleId}>
        <Trans>Terms of service</Trans>
      </h1>
      <p className="ui-page__lead">
        <Trans>By creating an account or using the account site, you agree to these terms.</Trans>
      </p>

      <section>
        <h2>
          <Trans>Your account</Trans>
        </h2>
        <p>
          <Trans>
            Keep your password, your recovery codes and your authenticator device safe. If you think someone
            else has used your account, change your password and tell the administrator of your organisation
            at once.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>Fair use</Trans>
        </h2>
        <p>
          <Trans>
            Use the platform lawfully and respectfully. Do not try to get into accounts, channels or data that
            are not yours, and do not disrupt the service for others.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>Your content</Trans>
        </h2>
        <p>
          <Trans>
            What you publish remains yours, and you are responsible for it. Your organisation may set its own
            rules for its channels; where it has agreed its own terms with you, they apply as well.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>The service</Trans>
        </h2>
        <p>
          <Trans>
            We work to keep the service available and secure, but we cannot promise that it will always be
            free of interruptions or errors.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>Changes</Trans>
        </h2>
        <p>
          <Trans>We may update these terms. The current version is always on this page.</Trans>
        </p>
      </section>
    </article>
  );
}
