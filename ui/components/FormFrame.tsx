import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { Refusal } from '../../machines/form/refusal';
import { refusalText } from '../form/fieldText';
import { Alert } from './Alert';
import { Button } from './Button';
import './FormFrame.css';

export interface FormFrameProps {
  title: ReactNode;
  intro?: ReactNode;
  /** The refusal of the last call; shown here (role=alert) only when spec 8 puts it on no field. */
  error: Refusal | undefined;
  /**
   * The machine's `state.can({ type: 'form.submit' })` on every form (docs/decisions.md 'One form kit'). When it is
   * false and nothing else is said, the submit is busy (a call in flight, spec 5: submit disabled while loading).
   */
  canSubmit: boolean;
  /**
   * Whether a call is in flight (the machine's 'busy' tag), for a form whose machine also refuses the submit while
   * not busy: Start's and the company pages' e-mail step under the device-terms dialog. Default: `!canSubmit` when
   * nothing blocks the submit.
   */
  busy?: boolean;
  submitLabel: ReactNode;
  /**
   * Why a rule of the form, not a call in flight, forbids sending it now, e.g. two e-mails that differ (spec 5
   * Start); absent when it may be sent. Said next to the submit, which stays focusable (docs/decisions.md: A
   * submit that cannot be sent yet says why).
   */
  blocked?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
  /** Links and buttons under the submit button. */
  after?: ReactNode;
}

/**
 * The frame every landing form shares (login, codes, forgot and set password, sign-up): heading, intro, fields,
 * form error, submit, then the way on.
 */
export function FormFrame({
  title,
  intro,
  error,
  canSubmit,
  busy,
  submitLabel,
  blocked,
  onSubmit,
  children,
  after,
}: FormFrameProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const blockedId = useId();
  const isBlocked = blocked !== undefined && blocked !== null && blocked !== false;
  return (
    <section className="form-frame" aria-labelledby={titleId}>
      <h1 id={titleId} tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="form-frame__intro">{intro}</p> : null}
      {/* noValidate: the machine checks the form (spec 5) and shows its own messages under the fields. */}
      <form className="form-frame__form" noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
        {children}
        {error && error.field === undefined ? <Alert tone="error">{refusalText(i18n, error)}</Alert> : null}
        {/*
          Busy, not disabled, while loading: a disabled button would drop the keyboard focus. Blocked, it stays in
          the tab order too, says why beside it, and its click sends nothing (Enter in a field still submits, and the
          machine refuses the submit and focuses the field to fix).
        */}
        <Button
          type="submit"
          fullWidth
          busy={busy ?? (!canSubmit && !isBlocked)}
          aria-disabled={isBlocked || undefined}
          aria-describedby={isBlocked ? blockedId : undefined}
          onClick={isBlocked ? (event) => event.preventDefault() : undefined}
        >
          {submitLabel}
        </Button>
        {isBlocked ? (
          <p id={blockedId} className="form-frame__hint">
            {blocked}
          </p>
        ) : null}
      </form>
      {after ? <div className="form-frame__after">{after}</div> : null}
    </section>
  );
}
