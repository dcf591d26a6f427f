import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { NEW_PASSWORD_MIN } from '../../api/contract/limits';
import type { setPasswordMachine } from '../../machines/setPassword/setPassword.machine';
import { FormFrame } from '../components/FormFrame';
import { Loader } from '../components/Loader';
import { NewPasswordField } from '../components/NewPasswordField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText, refusalText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { RecoveryReviewView } from '../recovery/RecoveryReviewView';
import { PasswordPage } from './PasswordPage';
import { PASSWORD_RULES } from './passwordText';
import type { RenderPasswordLink, SetPasswordActorRef } from './types';

export interface SetPasswordViewProps {
  actorRef: SetPasswordActorRef;
  /** Links to login (success page) and to the forgot-password page (invalid-token page). */
  renderLink: RenderPasswordLink;
}

type Page = 'checking' | 'form' | 'reviewing' | 'succeeded' | 'invalidToken';

/** The document title of each page (spec 2 Set new password), the same words as its heading or loader. */
const PAGE_TITLES = {
  checking: msg`Checking your link…`,
  form: msg`Set a new password`,
  // The review sets its own title (ui/recovery/RecoveryReviewView.tsx).
  reviewing: undefined,
  succeeded: msg`Your password has been changed`,
  invalidToken: msg`This link is no longer valid`,
} as const;

function pageOf(state: SnapshotFrom<typeof setPasswordMachine>): Page {
  if (state.matches('succeeded')) return 'succeeded';
  if (state.matches('reviewing')) return 'reviewing';
  if (state.matches('invalidToken')) return 'invalidToken';
  if (state.matches('editing') || state.matches('submitting')) return 'form';
  return 'checking';
}

/**
 * spec 2 Set new password on screen: a loader while the link is checked, then the new-password form (strength
 * bar, visibility toggle), the recovery review (docs/decisions/security.md: Recovery review), the success page with a link to login, or the invalid-token page with a way to ask
 * for a new link. Each page's heading takes the focus when it appears.
 */
export function SetPasswordView({ actorRef, renderLink }: SetPasswordViewProps) {
  const { i18n, t } = useLingui();
  const page = useSelector(actorRef, pageOf);
  const review = useSelector(actorRef, (s) => s.children.recoveryReview);
  const reviewExpired = useSelector(actorRef, (s) => s.context.reviewExpired);
  usePageTitle(PAGE_TITLES[page]);

  if (page === 'checking') return <Loader label={t`Checking your link…`} />;
  if (page === 'reviewing' && review) return <RecoveryReviewView actorRef={review} />;
  if (page === 'succeeded')
    return (
      <PasswordPage
        title={<Trans>Your password has been changed</Trans>}
        after={<p>{renderLink('login', <Trans>Log in</Trans>)}</p>}
      >
        {reviewExpired ? <p>{refusalText(i18n, { code: 'recovery_review_token_invalid_error' })}</p> : null}
        <p>
          <Trans>You can now log in with your new password.</Trans>
        </p>
      </PasswordPage>
    );
  if (page === 'invalidToken')
    return (
      <PasswordPage
        title={<Trans>This link is no longer valid</Trans>}
        after={
          <>
            <p>{renderLink('forgotPassword', <Trans>Ask for a new link</Trans>)}</p>
            <p>{renderLink('login', <Trans>Back to login</Trans>)}</p>
          </>
        }
      >
        <p>{refusalText(i18n, { code: 'forgot_password_token_invalid_error' })}</p>
      </PasswordPage>
    );
  return <NewPasswordForm actorRef={actorRef} />;
}

function NewPasswordForm({ actorRef }: { actorRef: SetPasswordActorRef }) {
  const { i18n, t } = useLingui();
  const newPassword = useSelector(actorRef, (s) => s.context.newPassword);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));

  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actorRef, ['newPassword']);

  return (
    <div ref={rootRef}>
      <FormFrame
        title={<Trans>Set a new password</Trans>}
        intro={<Trans>Choose a new password for your account.</Trans>}
        error={error}
        canSubmit={canSubmit}
        submitLabel={<Trans>Save password</Trans>}
        onSubmit={submit}
      >
        <NewPasswordField
          name="newPassword"
          strengthMinimum={NEW_PASSWORD_MIN}
          label={t`New password`}
          value={newPassword}
          onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'newPassword', value })}
          error={fieldText(i18n, 'newPassword', { fieldErrors }, PASSWORD_RULES)}
        />
      </FormFrame>
    </div>
  );
}
