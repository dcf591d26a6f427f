import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { LoginError } from '../../machines/login/login.types';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { refusalText } from './loginText';

export interface LoginFormFrameProps {
  title: ReactNode;
  intro?: ReactNode;
  /** The refusal of the last call; shown here (role=alert) only when spec 8 puts it on no field. */
  error: LoginError | undefined;
  /** false while the call is in flight (spec 5: submit disabled while loading). */
  canSubmit: boolean;
  submitLabel: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
  /** Links and buttons under the submit button. */
  after?: ReactNode;
}

/** The frame the three login forms share: heading, intro, fields, form error, submit, then the way on. */
export function LoginFormFrame({
  title,
  intro,
  error,
  canSubmit,
  submitLabel,
  onSubmit,
  children,
  after,
}: LoginFormFrameProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  return (
    <section className="login" aria-labelledby={titleId}>
      <h1 id={titleId} tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="login__intro">{intro}</p> : null}
      {/* noValidate: the machine checks the form (spec 5) and shows its own messages under the fields. */}
      <form className="login__form" noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
        {children}
        {error && error.field === undefined ? <Alert tone="error">{refusalText(i18n, error)}</Alert> : null}
        {/* Busy, not disabled, while loading: a disabled button would drop the keyboard focus. */}
        <Button type="submit" fullWidth busy={!canSubmit}>
          {submitLabel}
        </Button>
      </form>
      {after ? <div className="login__after">{after}</div> : null}
    </section>
  );
}

/** spec 2 Login: each secondary form's back-to-login link (a button: it changes the form, not the page). */
export function BackToLogin({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="link" onClick={onClick}>
      <Trans>Back to login</Trans>
    </Button>
  );
}
