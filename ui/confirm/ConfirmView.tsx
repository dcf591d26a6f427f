import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import type { OrganisationBrand } from '../../api/contract/branding';
import type { ConfirmationMessage } from '../../machines/confirmEmail/confirmEmail.types';
import type { Refusal } from '../../machines/form/refusal';
import { ErrorPage } from '../components/ErrorPage';
import { Loader } from '../components/Loader';
import { OrganisationWelcome, WELCOME_INTRO_CLASS } from '../components/OrganisationWelcome';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useHeadingFocus } from '../form/useHeadingFocus';
import type { ConfirmEmailActorRef, RenderConfirmLink } from './types';
import './confirm.css';

export interface ConfirmViewProps {
  actorRef: ConfirmEmailActorRef;
  renderLink: RenderConfirmLink;
  /** The account this browser is signed in to, once known: the success pages then lead to /me, not to log in. */
  signedInAs?: string | undefined;
}

/** spec 2 Confirm on screen: the loading text, then the error page or the success page. */
export function ConfirmView({ actorRef, renderLink, signedInAs }: ConfirmViewProps) {
  const { t } = useLingui();
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const message = useSelector(actorRef, (s) => (s.matches('confirmed') ? s.context.message : undefined));
  const error = useSelector(actorRef, (s) => (s.matches('failed') ? s.context.error : undefined));
  const confirmedBefore = useSelector(actorRef, (s) => s.matches('alreadyConfirmed'));
  const brand = useSelector(actorRef, (s) => s.context.brand);
  usePageTitle(
    busy
      ? msg`Confirming your e-mail address…`
      : message
        ? msg`Your e-mail address is confirmed`
        : confirmedBefore
          ? msg`Your e-mail address is already confirmed`
          : error
            ? msg`We could not confirm your e-mail address`
            : undefined,
  );

  if (busy) return <Loader label={t`Confirming your e-mail address…`} />;
  const onward = <Onward renderLink={renderLink} signedInAs={signedInAs} />;
  const signedIn = signedInAs !== undefined;
  if (message) return <ConfirmedPage message={message} brand={brand} onward={onward} signedIn={signedIn} />;
  if (confirmedBefore) return <ConfirmedBeforePage onward={onward} signedIn={signedIn} />;
  if (error) return <ConfirmFailedPage error={error} renderLink={renderLink} />;
  return null;
}

function ConfirmFailedPage({ error, renderLink }: { error: Refusal; renderLink: RenderConfirmLink }) {
  const { i18n } = useLingui();
  return (
    <ErrorPage title={<Trans>We could not confirm your e-mail address</Trans>}>
      <p>{refusalText(i18n, error)}</p>
      <ul className="confirm-page__links">
        <li>{renderLink('register', <Trans>Sign up</Trans>)}</li>
        <li>{renderLink('login', <Trans>Log in</Trans>)}</li>
      </ul>
    </ErrorPage>
  );
}

/**
 * The way on from a success page: to log in, or, for a visitor signed in already, a word saying so and the link to
 * their account (docs/decisions/product.md: No dead ends).
 */
function Onward({
  renderLink,
  signedInAs,
}: {
  renderLink: RenderConfirmLink;
  signedInAs: string | undefined;
}) {
  if (signedInAs === undefined)
    return <p className="confirm-page__links">{renderLink('login', <Trans>Log in</Trans>)}</p>;
  return (
    <p className="confirm-page__links">
      <Trans>You are logged in as {signedInAs}.</Trans>{' '}
      {renderLink('me', <Trans>Continue to your account</Trans>)}
    </p>
  );
}

/** A link opened again (docs/decisions/product.md: A confirmation link opened again): the success it was, and the way on. */
function ConfirmedBeforePage({ onward, signedIn }: { onward: ReactNode; signedIn: boolean }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="confirm-page" aria-labelledby={titleId}>
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        <Trans>Your e-mail address is already confirmed</Trans>
      </h1>
      <p>
        {signedIn ? (
          <Trans>This link was used before, so there is nothing left to do.</Trans>
        ) : (
          <Trans>This link was used before, so there is nothing left to do. You can log in.</Trans>
        )}
      </p>
      {onward}
    </section>
  );
}

/**
 * spec 2 Confirm success page. The heading takes focus when it appears (it replaces the loading text), so a
 * screen reader announces the outcome.
 */
function ConfirmedPage({
  message,
  brand,
  onward,
  signedIn,
}: {
  message: ConfirmationMessage;
  /** The organisation the account signed up into: its welcome above the heading. */
  brand: OrganisationBrand | undefined;
  onward: ReactNode;
  signedIn: boolean;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="confirm-page" aria-labelledby={titleId}>
      {brand ? (
        <p className={WELCOME_INTRO_CLASS}>
          <OrganisationWelcome brand={brand} />
        </p>
      ) : null}
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        <Trans>Your e-mail address is confirmed</Trans>
      </h1>
      {message === 'email' ? (
        <>
          <p>
            {signedIn ? (
              <Trans>Thank you for confirming your e-mail address.</Trans>
            ) : (
              <Trans>Thank you for confirming your e-mail address. You can now log in.</Trans>
            )}
          </p>
          {onward}
        </>
      ) : (
        <>
          <CompanyNextSteps welcome={companyWelcome(message)} />
          {onward}
        </>
      )}
    </section>
  );
}

/**
 * spec 2 Confirm (boardingMethod companyId): the organisation's own words, then the same next steps; the password
 * comes as a link to set it, never in the mail (docs/decisions/product.md: Company-id sign-up: a link to set a password).
 */
function companyWelcome(message: Exclude<ConfirmationMessage, 'email'>): ReactNode {
  switch (message) {
    case 'lit':
      return <Trans>Welcome to LIT! Your account is ready.</Trans>;
    case 'unicef_for_every_child':
      return <Trans>Welcome to UNICEF for every child! Your account is ready.</Trans>;
    case 'companyDefault':
      return <Trans>Welcome! Your company account is ready.</Trans>;
  }
}

function CompanyNextSteps({ welcome }: { welcome: ReactNode }) {
  const stepsId = useId();
  return (
    <>
      <p>{welcome}</p>
      <h2 id={stepsId}>
        <Trans>Next steps</Trans>
      </h2>
      <ol className="confirm-page__steps" aria-labelledby={stepsId}>
        <li>
          <Trans>Download the app to your phone.</Trans>
        </li>
        <li>
          <Trans>
            Set your password with the link we are sending you by e-mail (check your spam folder if it does
            not arrive).
          </Trans>
        </li>
        <li>
          <Trans>Log in with your e-mail address and that password.</Trans>
        </li>
      </ol>
    </>
  );
}
