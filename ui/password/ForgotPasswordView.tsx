import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { USER_LIMITS } from '../../api/contract/limits';
import type { ForgotPasswordVariant } from '../../machines/forgotPassword/forgotPassword.types';
import { resendPhase } from '../../machines/form/resend';
import { Alert } from '../components/Alert';
import { FormFrame } from '../components/FormFrame';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { ResendMail } from '../mail/ResendMail';
import { PasswordPage } from './PasswordPage';
import type { ForgotPasswordActorRef, RenderPasswordLink } from './types';

export interface ForgotPasswordViewProps {
  actorRef: ForgotPasswordActorRef;
  /** Links to login and to the other variant (the route maps them to its own brand's pages). */
  renderLink: RenderPasswordLink;
  /**
   * The address the mail went to when the page answers its own form post with the mail sent (docs/decisions/product.md:
   * Forms that work before their scripts): said above the form, which stays for sending again.
   */
  sentByPage?: string;
}

/**
 * spec 2 Forgot password on screen, both variants: the e-mail form with a link to the other variant and back to
 * login, then the confirmation. A new page (or variant) moves the focus to its heading; email_not_found_error
 * focuses the e-mail field it is shown under.
 */
export function ForgotPasswordView({ actorRef, renderLink, sentByPage }: ForgotPasswordViewProps) {
  const succeeded = useSelector(actorRef, (s) => s.matches('succeeded'));
  const variant = useSelector(actorRef, (s) => s.context.variant);
  usePageTitle(
    succeeded
      ? msg`Check your e-mail`
      : variant === 'magicLink'
        ? msg`Log in with a magic link`
        : msg`Forgot your password?`,
  );
  if (succeeded) return <Confirmation actorRef={actorRef} renderLink={renderLink} />;
  // Keyed by variant: the other variant is another page, whose heading takes the focus.
  return (
    <>
      {sentByPage === undefined ? null : (
        <Alert tone="success">
          <SentText variant={variant} email={sentByPage} />
        </Alert>
      )}
      <EmailForm key={variant} actorRef={actorRef} renderLink={renderLink} />
    </>
  );
}

function EmailForm({ actorRef, renderLink }: ForgotPasswordViewProps) {
  const { i18n, t } = useLingui();
  const variant = useSelector(actorRef, (s) => s.context.variant);
  const email = useSelector(actorRef, (s) => s.context.email);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  // spec 5: submit disabled while loading. Only the call in flight makes form.submit impossible.
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const magic = variant === 'magicLink';

  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actorRef, ['email']);

  return (
    <div ref={rootRef}>
      <FormFrame
        title={magic ? <Trans>Log in with a magic link</Trans> : <Trans>Forgot your password?</Trans>}
        intro={
          magic ? (
            <Trans>Enter your e-mail address and we will send you a link that logs you in.</Trans>
          ) : (
            <Trans>Enter your e-mail address and we will send you a link to set a new password.</Trans>
          )
        }
        error={error}
        canSubmit={canSubmit}
        submitLabel={magic ? <Trans>Send magic link</Trans> : <Trans>Send reset link</Trans>}
        onSubmit={submit}
        after={
          <>
            <p>
              {magic
                ? renderLink('forgotPassword', <Trans>Reset your password instead</Trans>)
                : renderLink('forgotPasswordMagic', <Trans>Log in with a magic link instead</Trans>)}
            </p>
            <p>{renderLink('login', <Trans>Back to login</Trans>)}</p>
          </>
        }
      >
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USER_LIMITS.email}
          label={t`E-mail`}
          value={email}
          onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'email', value })}
          error={fieldText(i18n, 'email', { fieldErrors, error })}
        />
      </FormFrame>
    </div>
  );
}

/**
 * spec 2 Forgot password: success shows a confirmation title and description; then 'Send again' after a wait
 * (docs/decisions/product.md: Check your e-mail).
 */
function Confirmation({ actorRef, renderLink }: ForgotPasswordViewProps) {
  const variant = useSelector(actorRef, (s) => s.context.variant);
  const email = useSelector(actorRef, (s) => s.context.email.trim());
  const phase = useSelector(actorRef, resendPhase('succeeded'));
  const resent = useSelector(actorRef, (s) => s.context.resent);
  const error = useSelector(actorRef, (s) => s.context.error);
  return (
    <PasswordPage
      title={<Trans>Check your e-mail</Trans>}
      after={<p>{renderLink('login', <Trans>Back to login</Trans>)}</p>}
    >
      <SentText variant={variant} email={email} />
      <ResendMail
        phase={phase}
        resent={resent}
        error={error}
        onResend={() => actorRef.send({ type: 'mail.resend' })}
      />
    </PasswordPage>
  );
}

/** What the mail that went out holds, for the variant. */
function SentText({ variant, email }: { variant: ForgotPasswordVariant; email: string }) {
  return (
    <p>
      {variant === 'magicLink' ? (
        // The page cannot know which mail went out (saying so would tell anyone which accounts use two-factor):
        // it names both, as the mail does (docs/security.md: a magic link never replaces a second factor).
        <Trans>
          We have sent an e-mail to {email}. It holds a link that logs you in or, if your account uses
          two-factor authentication, a link to set a new password instead, since a magic link never replaces
          the second factor. The link works once and only for a while.
        </Trans>
      ) : (
        <Trans>
          We have sent a link to set a new password to {email}. It works once and only for a while.
        </Trans>
      )}
    </p>
  );
}
