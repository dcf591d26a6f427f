import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FORM_FIELDS } from '../../machines/login/login.rules';
import type { LoginField, LoginFormName } from '../../machines/login/login.types';
import { focusFirstInvalid } from '../form/useFormFocus';
import type { LoginActorRef } from './types';

/** What every login form reads from the machine, and its two ways to talk back. */
export function useLoginForm(actorRef: LoginActorRef, form: LoginFormName) {
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  // spec 5: submit disabled while loading. Only a call in flight makes form.submit impossible.
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));

  const change = (field: LoginField) => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });

  /** Sends form.submit; when the form's own check refused it, the first invalid field takes the focus. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actorRef.send({ type: 'form.submit' });
    focusFirstInvalid(event.currentTarget, FORM_FIELDS[form], actorRef.getSnapshot().context.fieldErrors);
  };

  return { fieldErrors, error, canSubmit, change, submit };
}
