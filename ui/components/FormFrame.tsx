import { useLingui } from '@lingui/react/macro';
import { createElement, type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { isFormError, refusalText, type ShownRefusal } from '../form/fieldText';
import { Alert } from './Alert';
import { Button, type ButtonVariant } from './Button';
import { useHeadingLevel } from './headingLevel';
import './FormFrame.css';

export interface FormFrameProps {
  /** The section's root (the form kit's `rootRef`, ui/form/useFormFocus). */
  ref?: Ref<HTMLElement>;
  /** The heading; absent for a form that opens in place of a card's buttons (a passkey's new name). */
  title?: ReactNode;
  /** The heading's id when a link elsewhere points at it (the lists' 'add some!'); a generated one otherwise. */
  titleId?: string;
  /**
   * Laid out as a part of a page: its submit as wide as its label, with `actions` beside it. Default: when its
   * heading is under another (a level over 1, given by its container through ui/components/headingLevel.tsx: the
   * profile's edit form, a /me Security part, the step-up inside one); a landing form's is 1, the heading its page's.
   */
  part?: boolean;
  /** A class of the page the part sits in (its margins and width), beside the frame's own. */
  className?: string;
  intro?: ReactNode;
  /**
   * The refusal of the last call; shown here (role=alert) only when spec 8 puts it on no field, or a passkey
   * ceremony's.
   */
  error: ShownRefusal | undefined;
  /**
   * The machine's `state.can({ type: 'form.submit' })` on every form (docs/decisions/conventions.md 'One form kit'). When it is
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
   * Start); absent when it may be sent. Said next to the submit, which stays focusable (docs/decisions/product.md: A
   * submit that cannot be sent yet says why).
   */
  blocked?: ReactNode;
  /**
   * While `blocked`, the submit is disabled rather than marked so: a part whose button waits for what the person
   * types (the account's e-mail before deleting it) and says so.
   */
  disabledWhileBlocked?: boolean;
  /**
   * A submit that waits for a complete value the person types (the two-factor code's digits, a new list entry's
   * name and subdomain): disabled, not busy, while the machine takes no submit and no call runs (`busy` false).
   */
  disabledUntilSubmittable?: boolean;
  /** The submit's look; 'danger' for a change that cannot be undone. */
  submitVariant?: ButtonVariant;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
  /** Buttons beside the submit button, in the form (a part's Cancel). */
  actions?: ReactNode;
  /** Links and buttons under the submit button. */
  after?: ReactNode;
}

/**
 * The frame every form shares (login, codes, forgot and set password, sign-up; the profile's edit form and the /me
 * Security parts): heading, intro, fields, form error, submit (and a part's other buttons), then the way on.
 */
export function FormFrame({
  ref,
  title,
  titleId: givenTitleId,
  part: givenPart,
  className,
  intro,
  error,
  canSubmit,
  busy,
  submitLabel,
  blocked,
  disabledWhileBlocked = false,
  disabledUntilSubmittable = false,
  submitVariant,
  onSubmit,
  children,
  actions,
  after,
}: FormFrameProps) {
  const { i18n } = useLingui();
  const generatedTitleId = useId();
  const titleId = givenTitleId ?? generatedTitleId;
  const blockedId = useId();
  const isBlocked = blocked !== undefined && blocked !== null && blocked !== false;
  const level = useHeadingLevel();
  const part = givenPart ?? level > 1;
  const labelledBy = title ? titleId : undefined;
  const inFlight = busy ?? (!canSubmit && !isBlocked);
  const disabled =
    (disabledWhileBlocked && isBlocked) || (disabledUntilSubmittable && !canSubmit && !inFlight);
  const submit = (
    /*
      Busy, not disabled, while loading: a disabled button would drop the keyboard focus. Blocked, it stays in
      the tab order too, says why beside it, and its click sends nothing (Enter in a field still submits, and the
      machine refuses the submit and focuses the field to fix), unless the part says it is disabled meanwhile.
    */
    <Button
      type="submit"
      variant={submitVariant}
      fullWidth={!part}
      busy={inFlight}
      disabled={disabled || undefined}
      aria-disabled={(isBlocked && !disabledWhileBlocked) || undefined}
      aria-describedby={isBlocked ? blockedId : undefined}
      onClick={isBlocked ? (event) => event.preventDefault() : undefined}
    >
      {submitLabel}
    </Button>
  );
  return (
    <section
      ref={ref}
      className={['form-frame', part ? 'form-frame--part' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
    >
      {title
        ? createElement(`h${level}`, { id: titleId, tabIndex: -1, className: 'form-frame__title' }, title)
        : null}
      {intro ? <p className="form-frame__intro">{intro}</p> : null}
      {/*
        noValidate: the machine checks the form (spec 5) and shows its own messages under the fields. method post:
        sent before the app runs, a form goes to the server, never into the address (docs/decisions/product.md: Forms
        that work before their scripts); the app's onSubmit handles it once it runs.
      */}
      <form
        className="form-frame__form"
        method="post"
        noValidate
        aria-labelledby={labelledBy}
        onSubmit={onSubmit}
      >
        {children}
        {error && isFormError(error) ? <Alert tone="error">{refusalText(i18n, error)}</Alert> : null}
        {isBlocked && part ? (
          <p id={blockedId} className="form-frame__hint">
            {blocked}
          </p>
        ) : null}
        {part ? (
          <div className="form-frame__actions">
            {submit}
            {actions}
          </div>
        ) : (
          <>
            {submit}
            {actions}
          </>
        )}
        {isBlocked && !part ? (
          <p id={blockedId} className="form-frame__hint">
            {blocked}
          </p>
        ) : null}
      </form>
      {after ? <div className="form-frame__after">{after}</div> : null}
    </section>
  );
}
