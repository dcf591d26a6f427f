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
   * The machine's `state.can({ type: 'form.submit' })` (Start and the company pages: not busy, see docs/decisions.md
   * 'One form kit'). When it is false the submit is busy (a call in flight, spec 5: submit disabled while loading).
   */
  canSubmit: boolean;
  submitLabel: ReactNode;
  /** A rule of the form, not a call in flight, forbids sending it now, e.g. two e-mails that differ (spec 5 Start). */
  blocked?: boolean;
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
  submitLabel,
  blocked = false,
  onSubmit,
  children,
  after,
}: FormFrameProps) {
  const { i18n } = useLingui();
  const titleId = useId();
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
        {/* Busy, not disabled, while loading: a disabled button would drop the keyboard focus. */}
        <Button type="submit" fullWidth busy={!canSubmit && !blocked} disabled={blocked}>
          {submitLabel}
        </Button>
      </form>
      {after ? <div className="form-frame__after">{after}</div> : null}
    </section>
  );
}
