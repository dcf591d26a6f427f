import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import './pages.css';

/**
 * spec 2 /privacy: what the account site stores and why. Kept plain and true to what the site does: account
 * data, a session cookie, the back-link cookie of the account page (spec 2 Me page), and no tracking unless the
 * operator configures error reporting or chat support (spec 1: both third-party services; ui/observability).
 */
export function PrivacyPage() {
  const titleId = useId();
  usePageTitle(msg`Privacy policy`);
  return (
    <article className="ui-page" aria-labelledby={titleId}>
      <h1 id={titleId}>
        <Trans>Privacy policy</Trans>
      </h1>
      <p className="ui-page__lead">
        <Trans>This page explains what the account site stores about you, and why.</Trans>
      </p>

      <section>
        <h2>
          <Trans>Your account</Trans>
        </h2>
        <p>
          <Trans>
            We store your e-mail address, your name and the profile details you choose to add (picture,
            position, department, phone, location, biography and social links). Your password is stored only
            in a form that cannot be turned back into the password. When you turn on two-factor
            authentication, we also store the secret your authenticator app shares with us, and your recovery
            codes in the same one-way form as your password.
          </Trans>
        </p>
        <p>
          <Trans>
            We also keep which organisations and channels you belong to, and your role in each, so that you
            see the right ones.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>Cookies</Trans>
        </h2>
        <p>
          <Trans>
            A session cookie keeps you logged in. The site cannot work without it, and it ends when you log
            out or the session expires. Your account page may also remember the page you came from, so that
            its back link can take you there.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>No tracking</Trans>
        </h2>
        <p>
          <Trans>
            We use no advertising or analytics trackers. If the operator of the platform has set up error
            reporting, technical details of an error (such as the page address, the browser and what went
            wrong) are sent to an error-reporting service so that the problem can be fixed.
          </Trans>
        </p>
        <p>
          <Trans>
            If the operator has turned on chat support, the chat provider receives your name, e-mail address,
            picture and your role in your organisation or channel, so that the support team knows who they are
            talking to.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>E-mails</Trans>
        </h2>
        <p>
          <Trans>
            We send you e-mails only about your account: confirming your address, resetting your password and
            invitations.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>Your choices</Trans>
        </h2>
        <p>
          <Trans>
            You can see and change your profile on your account page at any time. To get a copy of your data
            or to delete your account, contact the administrator of your organisation.
          </Trans>
        </p>
      </section>
    </article>
  );
}
