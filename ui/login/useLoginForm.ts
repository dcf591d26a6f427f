import { useSelector } from '@xstate/react';
import { FORM_FIELDS } from '../../machines/login/login.rules';
import type { LoginField, LoginFormName } from '../../machines/login/login.types';
import { useFormFocus } from '../form/useFormFocus';
import type { LoginActorRef } from './types';

/**
 * What every login form reads from the machine, and its two ways to talk back. The form kit's focus rules hold,
 * but for the start: LoginView moves the focus to the first field when one form follows another.
 */
export function useLoginForm(actorRef: LoginActorRef, form: LoginFormName) {
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  // spec 5: submit disabled while loading. Only a call in flight makes form.submit impossible.
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const { rootRef, submit } = useFormFocus(actorRef, FORM_FIELDS[form], { onMount: 'nothing' });

  const change = (field: LoginField) => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });

  return { fieldErrors, error, canSubmit, change, submit, rootRef };
}
